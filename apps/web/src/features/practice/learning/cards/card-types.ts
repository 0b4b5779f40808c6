import type { ProficiencyLevel } from '@parlo/contract/constants';

/** A card's text in one practice language: the task, three useful phrases, a follow-up question. */
export type CardText = readonly [
  task: string,
  phrases: readonly [string, string, string],
  followUp: string,
];

/**
 * One practice language's deck: twelve cards per CEFR level. Position `n` of a level is the same
 * card in every language (its id is `<level>-<n>`), so a card can be shown in the user's interface
 * language beside the practice language.
 */
export type DeckTexts = Record<ProficiencyLevel, readonly CardText[]>;
