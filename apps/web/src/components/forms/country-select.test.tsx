import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CountrySelect } from '@/components/forms/country-select';
import { i18n } from '@/lib/i18n';
import { initTestI18n } from '@/testing/test-i18n';

function Harness({ onChange }: { onChange: (code: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="country">Country</label>
      <CountrySelect
        id="country"
        value={value}
        onChange={(code) => {
          setValue(code);
          onChange(code);
        }}
      />
    </>
  );
}

function renderSelect() {
  const onChange = vi.fn();
  render(<Harness onChange={onChange} />);
  return { onChange, input: screen.getByRole('combobox', { name: 'Country' }) };
}

beforeAll(async () => {
  await initTestI18n(['common', 'forms']);
});

afterEach(cleanup);

describe('CountrySelect', () => {
  it('lists every country sorted by name, with flags, when opened', async () => {
    const { input } = renderSelect();
    await userEvent.click(input);
    const options = screen.getAllByRole('option');
    expect(options.length).toBeGreaterThanOrEqual(249);
    expect(options[0]?.textContent).toBe('🇦🇫Afghanistan');
    expect(input.getAttribute('aria-expanded')).toBe('true');
  });

  it('filters by the localised name, ignoring case and accents', async () => {
    const { input } = renderSelect();
    await userEvent.type(input, 'ALAND isl');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '🇦🇽Åland Islands',
    ]);
  });

  it('says No results found when nothing matches', async () => {
    const { input } = renderSelect();
    await userEvent.type(input, 'zzzz');
    expect(screen.getByText('No results found')).toBeTruthy();
  });

  it('picks with the arrow keys and Enter, then shows the chosen name', async () => {
    const { input, onChange } = renderSelect();
    await userEvent.type(input, 'korea');
    const first = screen.getAllByRole('option')[0]!;
    expect(input.getAttribute('aria-activedescendant')).toBe(first.id);
    await userEvent.keyboard('{ArrowDown}');
    const second = screen.getAllByRole('option')[1]!;
    expect(input.getAttribute('aria-activedescendant')).toBe(second.id);
    await userEvent.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith(second.getAttribute('data-code'));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect((input as HTMLInputElement).value).toMatch(/Korea/);
  });

  it('closes on Escape without changing the selection', async () => {
    const { input, onChange } = renderSelect();
    await userEvent.type(input, 'spa');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('picks with a click', async () => {
    const { input, onChange } = renderSelect();
    await userEvent.type(input, 'japan');
    await userEvent.click(screen.getByRole('option', { name: /Japan/ }));
    expect(onChange).toHaveBeenCalledWith('JP');
    expect((input as HTMLInputElement).value).toBe('Japan');
  });

  it('in Korean, finds 대한민국 by 한국 and by its English name', async () => {
    await i18n.changeLanguage('ko');
    try {
      await i18n.loadNamespaces(['forms']);
      const { input, onChange } = renderSelect();
      await userEvent.click(input);
      // Whole words at once: a Korean keyboard composes syllables before the input sees them.
      fireEvent.change(input, { target: { value: '한국' } });
      expect(screen.getAllByRole('option')[0]?.textContent).toBe('🇰🇷대한민국');
      fireEvent.change(input, { target: { value: 'korea' } });
      const names = screen.getAllByRole('option').map((option) => option.textContent);
      expect(names.slice(0, 2)).toEqual(['🇰🇷대한민국', '🇰🇵북한']);
      await userEvent.keyboard('{Enter}');
      expect(onChange).toHaveBeenCalledWith('KR');
      expect((input as HTMLInputElement).value).toBe('대한민국');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('finds a country by a name from another language or an abbreviation', async () => {
    const { input } = renderSelect();
    await userEvent.click(input);
    for (const [query, first] of [
      ['미국', '🇺🇸United States'],
      ['日本', '🇯🇵Japan'],
      ['Brasil', '🇧🇷Brazil'],
      ['UK', '🇬🇧United Kingdom'],
      ['USA', '🇺🇸United States'],
    ] as const) {
      fireEvent.change(input, { target: { value: query } });
      expect(screen.getAllByRole('option')[0]?.textContent, query).toBe(first);
    }
  });
});
