import { describe, expect, it } from 'vitest';
import { ankiField, csvCell, toAnkiTsv, toCsv } from '@/lib/pocket/pocket-export';
import { groupByCall, searchPocket } from '@/lib/pocket/pocket-search';
import type { PocketItem } from '@/lib/pocket/pocket-store';

const item = (overrides: Partial<PocketItem>): PocketItem => ({
  id: 'i',
  front: 'front',
  back: '',
  source: 'chat',
  sessionId: 's1',
  partnerName: 'Lucía',
  languageCode: 'es',
  createdAt: Date.parse('2026-11-20T10:00:00Z'),
  updatedAt: 0,
  ...overrides,
});

describe('Anki export', () => {
  it('writes the header lines and one note per line: front, back, tags, tab-separated', () => {
    const tsv = toAnkiTsv([
      item({ front: '¿Qué tal?', back: 'How are you?' }),
      item({ front: '안녕하세요', back: '', source: 'typed', languageCode: 'ko' }),
    ]);
    const lines = tsv.split('\n');
    expect(lines).toEqual([
      '#separator:tab',
      '#html:true',
      '#tags column:3',
      '¿Qué tal?\tHow are you?\tparlo parlo::es chat',
      '안녕하세요\t\tparlo parlo::ko typed',
      '',
    ]);
    // UTF-8 bytes of the Korean line, untouched.
    expect(new TextEncoder().encode(lines[4]).length).toBeGreaterThan(lines[4]!.length);
  });

  it('never lets a field split a line or a column, and shows markup as typed', () => {
    const tsv = toAnkiTsv([item({ front: 'line one\nline two\r\nthree', back: 'a\tb <b>&</b>' })]);
    const notes = tsv.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.split('\t')).toEqual([
      'line one<br>line two<br>three',
      'a&#9;b &lt;b&gt;&amp;&lt;/b&gt;',
      'parlo parlo::es chat',
    ]);
    expect(ankiField('x\ry')).toBe('x<br>y');
  });
});

describe('CSV export', () => {
  it('quotes what needs quoting, defuses formulas and starts with a byte order mark', () => {
    const csv = toCsv([
      item({ front: 'Hola, "amigo"', back: 'two\nlines' }),
      item({ front: '=HYPERLINK("x")', back: '-5', partnerName: null, languageCode: null }),
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'front,back,language,partner,source,saved_at',
      '"Hola, ""amigo""","two\nlines",es,Lucía,chat,2026-11-20T10:00:00.000Z',
      `"'=HYPERLINK(""x"")",'-5,,,chat,2026-11-20T10:00:00.000Z`,
      '',
    ]);
    expect(csvCell('plain')).toBe('plain');
  });
});

describe('pocket search and grouping', () => {
  const items = [
    item({ id: 'a', front: 'Qué tal', sessionId: 's1', createdAt: 1 }),
    item({ id: 'b', front: 'madrugar', back: 'get up early', sessionId: 's2', createdAt: 5 }),
    item({ id: 'c', front: 'echar de menos', sessionId: 's1', createdAt: 2 }),
    item({ id: 'd', front: 'typed', sessionId: null, partnerName: null, createdAt: 3 }),
  ];

  it('finds every word in phrase, note or partner, ignoring case and accents', () => {
    expect(searchPocket(items, 'que').map((i) => i.id)).toEqual(['a']);
    expect(searchPocket(items, 'EARLY get').map((i) => i.id)).toEqual(['b']);
    expect(searchPocket(items, 'lucia').map((i) => i.id)).toEqual(['a', 'b', 'c']);
    expect(searchPocket(items, '  ')).toHaveLength(4);
  });

  it('groups by call, newest call first, items in saving order', () => {
    expect(groupByCall(items).map((g) => [g.sessionId, g.items.map((i) => i.id)])).toEqual([
      ['s2', ['b']],
      [null, ['d']],
      ['s1', ['a', 'c']],
    ]);
  });
});
