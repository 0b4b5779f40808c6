import { PROFICIENCY_LEVELS, type ProficiencyLevel } from '@parlo/contract/constants';
import { taskCardIdSchema, type TaskCardId } from '@parlo/contract/peer-messages-learning';
import { EN_CARDS } from './cards/en';
import { ES_CARDS } from './cards/es';
import { FR_CARDS } from './cards/fr';
import { JA_CARDS } from './cards/ja';
import { PT_CARDS } from './cards/pt';

/**
 * Task cards by CEFR level (issue 21): content in the practice language, not interface text, so
 * they live in data files per language rather than in the locale files. Only the frame around a
 * card (headings, category, the planning timer) is translated.
 */
export const CARD_CATEGORIES = [
  'icebreakers',
  'daily_life',
  'opinions',
  'culture',
  'learning',
] as const;
export type CardCategory = (typeof CARD_CATEGORIES)[number];

/** Every level's twelve cards follow this order of categories, in every language. */
const CATEGORY_OF_POSITION: readonly CardCategory[] = [
  'icebreakers',
  'icebreakers',
  'daily_life',
  'daily_life',
  'daily_life',
  'opinions',
  'opinions',
  'opinions',
  'culture',
  'culture',
  'learning',
  'learning',
];
export const CARDS_PER_LEVEL = CATEGORY_OF_POSITION.length;

const DECKS = { en: EN_CARDS, es: ES_CARDS, fr: FR_CARDS, pt: PT_CARDS, ja: JA_CARDS } as const;
export type CardLanguage = keyof typeof DECKS;
export const CARD_LANGUAGES = Object.keys(DECKS) as CardLanguage[];

export type TaskCard = {
  id: TaskCardId;
  level: ProficiencyLevel;
  category: CardCategory;
  language: CardLanguage;
  task: string;
  phrases: readonly [string, string, string];
  followUp: string;
};

export function isCardLanguage(code: string | null | undefined): code is CardLanguage {
  return (CARD_LANGUAGES as readonly (string | null | undefined)[]).includes(code);
}

/** The deck a practice language is written in; English for a language without one. */
export function cardLanguage(code: string | null | undefined): CardLanguage {
  return isCardLanguage(code) ? code : 'en';
}

/** The ids of one level's cards, in their fixed order: `B1-01` … `B1-12`. */
export function cardIdsFor(level: ProficiencyLevel): TaskCardId[] {
  return CATEGORY_OF_POSITION.map((_, i) => `${level}-${String(i + 1).padStart(2, '0')}`);
}

/** A card in one language, or null for an id no deck has (a partner's deal is checked with it). */
export function taskCard(id: string, language: CardLanguage): TaskCard | null {
  if (!taskCardIdSchema.safeParse(id).success) return null;
  const level = id.slice(0, 2) as ProficiencyLevel;
  const position = Number(id.slice(3)) - 1;
  const text = DECKS[language][level][position];
  const category = CATEGORY_OF_POSITION[position];
  if (!text || !category) return null;
  const [task, phrases, followUp] = text;
  return { id, level, category, language, task, phrases, followUp };
}

/** Levels in order, so a test can walk every deck. */
export const CARD_LEVELS = PROFICIENCY_LEVELS;
