import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INTERFACE_LANGUAGES } from '@parlo/contract/constants';
import { LanguageFlag } from './language-flag';

describe('LanguageFlag', () => {
  it('is an image of its own for each interface language, never an emoji, hidden from screen readers', () => {
    const sources = INTERFACE_LANGUAGES.map((code) => {
      const { container, unmount } = render(<LanguageFlag code={code} />);
      const image = container.querySelector('img');
      expect(image).not.toBeNull();
      // Decorative: the language's name stands beside it.
      expect(image!.getAttribute('alt')).toBe('');
      expect(container.textContent).toBe('');
      const source = image!.getAttribute('src')!;
      unmount();
      return source;
    });
    for (const source of sources) expect(source).toMatch(/\.svg$/);
    expect(new Set(sources).size).toBe(INTERFACE_LANGUAGES.length);
  });
});
