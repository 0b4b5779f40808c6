import { z } from 'zod';

/**
 * Text a client sends may reach PostgreSQL, whose `text` refuses U+0000 outright (a 500 if it gets
 * that far), and a lone UTF-16 surrogate has no UTF-8 form at all (drivers quietly store U+FFFD).
 * Both are refused at the edge: every free-text field of a request is built with `storableText()`.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const UNSTORABLE_TEXT_MESSAGE = 'must not contain NUL or unpaired surrogate characters';

/** True when PostgreSQL can store `value` exactly as it is. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** A string schema that refuses what PostgreSQL cannot store (see `isStorableText`). */
export const storableText = () =>
  z.string().refine(isStorableText, { error: UNSTORABLE_TEXT_MESSAGE });
