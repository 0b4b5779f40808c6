import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from '@parlo/contract/text';
import type { FastifyPluginCallback } from 'fastify';
import fp from 'fastify-plugin';
import { BadRequestError } from '../lib/errors.ts';

/** True when any string (or object key) within `value` is one PostgreSQL cannot store. */
export function carriesUnstorableText(value: unknown): boolean {
  // Most requests carry no body and an empty query: they cost no allocation (issue 20).
  if (typeof value !== 'object' || value === null) {
    return typeof value === 'string' && !isStorableText(value);
  }
  // Iterative: a hostile body may nest deeper than the call stack.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') {
      if (!isStorableText(current)) return true;
    } else if (Array.isArray(current)) {
      pending.push(...(current as unknown[]));
    } else if (typeof current === 'object' && current !== null) {
      for (const key in current) {
        if (!Object.hasOwn(current, key)) continue;
        if (!isStorableText(key)) return true;
        pending.push((current as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/**
 * The net under the contract's `storableText()`: whatever a route's schema let through, a request
 * whose params, query or body carry NUL or a lone surrogate is refused with 400 before its
 * handler runs, so such text can never reach PostgreSQL. It runs after validation, so a route's
 * own refusal (e.g. 'Invalid language data') answers first.
 */
const storableInput: FastifyPluginCallback = (app, _options, done) => {
  app.addHook('preHandler', (request, _reply, next) => {
    const { params, query, body } = request;
    if (
      carriesUnstorableText(params) ||
      carriesUnstorableText(query) ||
      carriesUnstorableText(body)
    ) {
      next(new BadRequestError(`Request text ${UNSTORABLE_TEXT_MESSAGE}`));
      return;
    }
    next();
  });
  done();
};

export default fp(storableInput, { name: 'parlo-storable-input' });
