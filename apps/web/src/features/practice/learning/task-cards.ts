import { PROFICIENCY_LEVELS, type ProficiencyLevel } from '@parlo/contract/constants';
import { taskCardIdSchema, type TaskCardId } from '@parlo/contract/peer-messages-learning';
import type { DeckTexts } from './cards/card-types';

/**
 * Task cards by CEFR level (issue 21): content in the practice language, not interface text, so
 * they live in data files per language rather than in the locale files. Only the frame around a
 * card (headings, category, the planning timer) is translated. Each language's deck is a chunk of
 * its own, loaded when a call needs it: a call downloads one or two decks, not six.
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

const LOADERS = {
  en: () => import('./cards/en').then((module) => module.EN_CARDS),
  es: () => import('./cards/es').then((module) => module.ES_CARDS),
  fr: () => import('./cards/fr').then((module) => module.FR_CARDS),
  pt: () => import('./cards/pt').then((module) => module.PT_CARDS),
  ja: () => import('./cards/ja').then((module) => module.JA_CARDS),
  ko: () => import('./cards/ko').then((module) => module.KO_CARDS),
} satisfies Record<string, () => Promise<DeckTexts>>;
export type CardLanguage = keyof typeof LOADERS;
export const CARD_LANGUAGES = Object.keys(LOADERS) as CardLanguage[];

const loaded = new Map<CardLanguage, DeckTexts>();
const loading = new Map<CardLanguage, Promise<DeckTexts>>();

/** Loads a language's deck once; later calls get the same promise. */
export function loadDeck(language: CardLanguage): Promise<DeckTexts> {
  let promise = loading.get(language);
  if (!promise) {
    promise = LOADERS[language]().then((deck) => {
      loaded.set(language, deck);
      return deck;
    });
    // A failed chunk (offline) may be retried on the next call.
    promise.catch(() => loading.delete(language));
    loading.set(language, promise);
  }
  return promise;
}

/** Whether `language`'s deck is loaded, so `taskCard` can read it. */
export function isDeckLoaded(language: CardLanguage): boolean {
  return loaded.has(language);
}

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

/** Whether a deck has a card of this id (a partner's deal is checked with it). */
export function isKnownCardId(id: string): id is TaskCardId {
  if (!taskCardIdSchema.safeParse(id).success) return false;
  const position = Number(id.slice(3));
  return position >= 1 && position <= CARDS_PER_LEVEL;
}

/**
 * A card in one language, or null for an id no deck has or a deck not loaded yet (`loadDeck`).
 */
export function taskCard(id: string, language: CardLanguage): TaskCard | null {
  const deck = loaded.get(language);
  if (!deck || !isKnownCardId(id)) return null;
  const level = id.slice(0, 2) as ProficiencyLevel;
  const position = Number(id.slice(3)) - 1;
  const text = deck[level][position];
  const category = CATEGORY_OF_POSITION[position];
  if (!text || !category) return null;
  const [task, phrases, followUp] = text;
  return { id, level, category, language, task, phrases, followUp };
}

/** Levels in order, so a test can walk every deck. */
export const CARD_LEVELS = PROFICIENCY_LEVELS;
