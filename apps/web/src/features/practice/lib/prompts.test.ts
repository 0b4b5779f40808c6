import { describe, expect, it } from 'vitest';
import {
  PROMPT_CATEGORIES,
  PROMPT_LANGUAGES,
  promptsFor,
  seededRandom,
  shuffled,
} from '@/features/practice/lib/prompts';

describe('prompts', () => {
  it.each(PROMPT_LANGUAGES)('has ten prompts in %s across the five categories', (language) => {
    const prompts = promptsFor(language);
    expect(prompts).toHaveLength(10);
    expect(new Set(prompts.map((p) => p.category))).toEqual(new Set(PROMPT_CATEGORIES));
    expect(new Set(prompts.map((p) => p.text)).size).toBe(10);
  });

  it('falls back to English for other practice languages', () => {
    expect(promptsFor('ja')).toEqual(promptsFor('en'));
    expect(promptsFor(null)).toEqual(promptsFor('en'));
  });

  it('shuffles every prompt exactly once, the same way for the same session', () => {
    const prompts = promptsFor('pt');
    const a = shuffled(prompts, seededRandom('session-1'));
    const b = shuffled(prompts, seededRandom('session-1'));
    const c = shuffled(prompts, seededRandom('session-2'));
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    expect([...a].sort((x, y) => x.id.localeCompare(y.id))).toEqual(
      [...prompts].sort((x, y) => x.id.localeCompare(y.id)),
    );
  });
});
