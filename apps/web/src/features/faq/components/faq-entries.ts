import {
  MIN_AGE,
  SESSION_LENGTH_SECONDS,
  SESSION_TOKEN_COST,
  VIDEO_AD_REWARDS_PER_DAY,
} from '@parlo/contract/constants';

/** The support address the legal pages also give. */
export const SUPPORT_EMAIL = 'support@parlo.app';

/** Spec §1: personal data is removed within 30 days of an account deletion. */
const DATA_DELETION_DAYS = 30;

export type FaqEntry = {
  id:
    | 'what_is_parlo'
    | 'session_length'
    | 'matching'
    | 'requirements'
    | 'tokens'
    | 'continue_partner'
    | 'safety'
    | 'privacy'
    | 'after_call'
    | 'minimum_age'
    | 'technical_problems'
    | 'delete_account';
  /** A plain answer, or an intro paragraph followed by up to four bullets. */
  kind: 'answer' | 'bullets';
};

export const faqEntries: FaqEntry[] = [
  { id: 'what_is_parlo', kind: 'answer' },
  { id: 'session_length', kind: 'answer' },
  { id: 'matching', kind: 'answer' },
  { id: 'requirements', kind: 'bullets' },
  { id: 'tokens', kind: 'bullets' },
  { id: 'continue_partner', kind: 'answer' },
  { id: 'safety', kind: 'bullets' },
  { id: 'privacy', kind: 'answer' },
  { id: 'after_call', kind: 'bullets' },
  { id: 'minimum_age', kind: 'answer' },
  { id: 'technical_problems', kind: 'bullets' },
  { id: 'delete_account', kind: 'answer' },
];

export const MAX_BULLETS = 4;

/** The numbers the answers quote, taken from the business constants so copy never drifts. */
export const faqValues = {
  minutes: SESSION_LENGTH_SECONDS / 60,
  tokens: SESSION_TOKEN_COST,
  age: MIN_AGE,
  adsPerDay: VIDEO_AD_REWARDS_PER_DAY,
  days: DATA_DELETION_DAYS,
};

export function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
