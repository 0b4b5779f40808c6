import { LEGAL_LAST_UPDATED } from '@parlo/contract/constants';

export type LegalDocumentKey = 'terms' | 'privacy' | 'cookies';

/** A bullet is plain prose, or a short bold label followed by its explanation. */
export type LegalItem = string | { label: string; text: string };

// The order of the sections is part of the legal text, so it lives in code, not in JSON key order.
export const LEGAL_SECTIONS = {
  terms: [
    'eligibility',
    'service',
    'accounts',
    'conduct',
    'safety',
    'suspension',
    'tokens',
    'ads',
    'referrals',
    'intellectual_property',
    'user_content',
    'disclaimers',
    'liability',
    'changes',
    'law_contact',
  ],
  privacy: [
    'controller',
    'data_collected',
    'purposes',
    'legal_bases',
    'visible_to_others',
    'recordings',
    'sharing',
    'transfers',
    'retention',
    'rights',
    'minimum_age',
    'security',
    'changes_contact',
  ],
  cookies: [
    'what_they_are',
    'necessary',
    'analytics',
    'marketing',
    'managing',
    'third_parties',
    'changes_contact',
  ],
} as const satisfies Record<LegalDocumentKey, readonly string[]>;

export function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((entry) => typeof entry === 'string');
}

function isLegalItem(value: unknown): value is LegalItem {
  if (typeof value === 'string') return true;
  if (typeof value !== 'object' || value === null) return false;
  const { label, text } = value as Record<string, unknown>;
  return typeof label === 'string' && typeof text === 'string';
}

export function isLegalItemArray(value: unknown): value is LegalItem[] {
  return Array.isArray(value) && value.every(isLegalItem);
}

/** Anchor ids double as URL fragments, so they read like words: #law-contact. */
export function sectionAnchor(sectionKey: string) {
  return sectionKey.replaceAll('_', '-');
}

// The operator is European, so English dates read day-first ("20 June 2025").
const DATE_LOCALES: Record<string, string> = { en: 'en-GB' };

/** The last-updated day in the reader's language; UTC so no time zone moves it to the 19th. */
export function formatLegalDate(language: string | undefined) {
  const locale = DATE_LOCALES[language ?? 'en'] ?? language ?? 'en-GB';
  const date = new Date(`${LEGAL_LAST_UPDATED}T00:00:00Z`);
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
