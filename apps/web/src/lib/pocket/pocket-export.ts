import type { PocketItem } from '@/lib/pocket/pocket-store';

/**
 * Exports of the phrase pocket, made in the browser. Anki: a tab-separated text file it imports
 * as is (File › Import), one note per line — front, back, tags — with the header lines Anki
 * 2.1.54+ reads so that no import option needs setting. CSV: for spreadsheets.
 */

const ANKI_HEADER = ['#separator:tab', '#html:true', '#tags column:3'];

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * One Anki field: HTML-escaped (the file is read as HTML, so a "<" typed in a chat stays a "<"),
 * line breaks as <br> and tabs as a character reference, so a field never splits the line or the
 * columns.
 */
export function ankiField(text: string): string {
  return escapeHtml(text)
    .replace(/\r\n|\r|\n/g, '<br>')
    .replaceAll('\t', '&#9;');
}

/** Anki tags are separated by spaces: each tag keeps its words joined by underscores. */
export function ankiTag(text: string): string {
  return text
    .trim()
    .replace(/\s+/g, '_')
    .replace(/[^\p{L}\p{N}_:-]/gu, '');
}

function tagsOf(item: PocketItem): string {
  return ['parlo', item.languageCode && `parlo::${item.languageCode}`, item.source]
    .filter((tag): tag is string => Boolean(tag))
    .map(ankiTag)
    .join(' ');
}

export function toAnkiTsv(items: readonly PocketItem[]): string {
  const notes = items.map((item) =>
    [ankiField(item.front), ankiField(item.back), tagsOf(item)].join('\t'),
  );
  return [...ANKI_HEADER, ...notes].join('\n') + '\n';
}

export const CSV_COLUMNS = ['front', 'back', 'language', 'partner', 'source', 'saved_at'] as const;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A cell a
 * spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe.
 */
export function csvCell(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** With a byte order mark, so spreadsheet programs read it as UTF-8. */
export function toCsv(items: readonly PocketItem[]): string {
  const rows = items.map((item) =>
    [
      item.front,
      item.back,
      item.languageCode ?? '',
      item.partnerName ?? '',
      item.source,
      new Date(item.createdAt).toISOString(),
    ]
      .map(csvCell)
      .join(','),
  );
  return '\uFEFF' + [CSV_COLUMNS.join(','), ...rows].join('\r\n') + '\r\n';
}

/** Starts a download of `content` (UTF-8) under `fileName`. */
export function downloadText(fileName: string, content: string, type: string) {
  const url = URL.createObjectURL(new Blob([content], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
