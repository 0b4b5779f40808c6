import { describe, expect, it } from 'vitest';
import { frameFlagBodySchema } from './frame-flags.ts';

const valid = {
  sessionId: '0b6c4c1e-5f0e-4c8e-9a55-1c2a3b4c5d6e',
  side: 'incoming',
  category: 'porn',
  score: 0.91,
  frameCount: 3,
};

describe('frameFlagBodySchema', () => {
  it('accepts a flag of scores', () => {
    expect(frameFlagBodySchema.parse(valid)).toEqual(valid);
  });

  it.each([
    ['a score over 1', { score: 1.2 }],
    ['a negative score', { score: -0.1 }],
    ['fewer frames than a flag needs', { frameCount: 2 }],
    ['more frames than the window', { frameCount: 6 }],
    ['an unknown side', { side: 'both' }],
    ['an unknown category', { category: 'sexy' }],
    ['a session that is no id', { sessionId: 'abc' }],
    ['anything extra, such as an image', { image: 'data:image/png;base64,AAAA' }],
  ])('refuses %s', (_name, patch) => {
    expect(frameFlagBodySchema.safeParse({ ...valid, ...patch }).success).toBe(false);
  });
});
