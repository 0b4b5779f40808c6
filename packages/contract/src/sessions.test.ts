import { describe, expect, it } from 'vitest';
import { sessionListQuerySchema } from './sessions.ts';

describe('session list query', () => {
  it('defaults to the first page of 10 and coerces query strings', () => {
    expect(sessionListQuerySchema.parse({})).toEqual({ page: 1, pageSize: 10 });
    expect(sessionListQuerySchema.parse({ page: '3', pageSize: '50' })).toEqual({
      page: 3,
      pageSize: 50,
    });
  });

  it('refuses pages below 1 and page sizes outside 1..50', () => {
    for (const query of [{ page: '0' }, { pageSize: '0' }, { pageSize: '51' }, { page: 'x' }]) {
      expect(sessionListQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
  });
});
