import { z } from 'zod';
import { LANGUAGE_QUERY_PARAMETER } from './public-pages.ts';

/**
 * A prerendered page's query: `lang` is read, anything else (a referral code) is the page's own
 * business. Kept apart from public-pages.ts so the browser's small page script stays without zod.
 */
export const publicPageQuerySchema = z.looseObject({
  [LANGUAGE_QUERY_PARAMETER]: z.string().max(64).optional(),
});
