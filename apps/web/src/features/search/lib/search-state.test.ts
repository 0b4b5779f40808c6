import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  formatElapsed,
  initialSearchState,
  mediaErrorPermission,
  searchErrorType,
  searchReducer,
  waitEstimate,
  type SearchAction,
  type SearchState,
} from '@/features/search/lib/search-state';

const run = (...actions: SearchAction[]): SearchState =>
  actions.reduce(searchReducer, initialSearchState);

const started: SearchAction[] = [
  { type: 'media_checking' },
  { type: 'media_checked', media: 'granted' },
  { type: 'find_sent' },
  { type: 'search_started', languageCode: 'en', at: 1_000 },
];

describe('searchReducer', () => {
  it('goes idle → searching with the language and start time', () => {
    expect(run(...started)).toMatchObject({
      status: 'searching',
      languageCode: 'en',
      searchStartTime: 1_000,
      media: 'granted',
      starting: false,
    });
  });

  it('times out only while searching', () => {
    expect(run(...started, { type: 'timed_out' }).status).toBe('timeout');
    expect(run({ type: 'timed_out' }).status).toBe('idle');
  });

  it('returns to idle on cancel, keeping granted media', () => {
    expect(run(...started, { type: 'cancelled' })).toEqual({
      ...initialSearchState,
      media: 'granted',
    });
  });

  it('keeps a found session even when the find answer or a cancel arrives later', () => {
    const found = run(
      { type: 'find_sent' },
      { type: 'session_found' },
      { type: 'search_started', languageCode: 'en', at: 5 },
      { type: 'failed', errorType: 'generic' },
      { type: 'cancelled' },
    );
    expect(found.status).toBe('session_found');
  });

  it('records the error type and clears it on the next attempt', () => {
    const failed = run({ type: 'find_sent' }, { type: 'failed', errorType: 'already_in_call' });
    expect(failed).toMatchObject({
      status: 'error',
      errorType: 'already_in_call',
      starting: false,
    });
    expect(searchReducer(failed, { type: 'media_checking' })).toMatchObject({
      status: 'idle',
      errorType: null,
      media: 'checking',
    });
  });
});

describe('searchErrorType', () => {
  it('maps the codes of spec §4', () => {
    expect(searchErrorType(new ApiError(1001, '', 'http', 409))).toBe('already_in_call');
    expect(searchErrorType(new ApiError(409, '', 'http', 409))).toBe('already_in_call');
    expect(searchErrorType(new ApiError(1002, '', 'http', 429))).toBe('sessions_limit_reached');
    expect(searchErrorType(new ApiError(429, '', 'http', 429))).toBe('sessions_limit_reached');
    expect(searchErrorType(new ApiError('not_connected', '', 'http', 409))).toBe('not_connected');
    expect(searchErrorType(new ApiError('under_review', '', 'http', 403))).toBe('under_review');
    expect(searchErrorType(new ApiError(403, '', 'http', 403))).toBe('generic');
    expect(searchErrorType(new ApiError(500, 'network_error', 'network'))).toBe('generic');
    expect(searchErrorType(new Error('x'))).toBe('generic');
  });
});

describe('mediaErrorPermission', () => {
  const named = (name: string) => Object.assign(new Error(name), { name });
  it('tells refusal, absence and other failures apart', () => {
    expect(mediaErrorPermission(named('NotAllowedError'))).toBe('denied');
    expect(mediaErrorPermission(named('NotFoundError'))).toBe('not_found');
    expect(mediaErrorPermission(named('NotReadableError'))).toBe('error');
    expect(mediaErrorPermission('weird')).toBe('error');
  });
});

describe('formatting', () => {
  it('formats the elapsed time as mm:ss', () => {
    expect(formatElapsed(0)).toBe('00:00');
    expect(formatElapsed(59_999)).toBe('00:59');
    expect(formatElapsed(61_000)).toBe('01:01');
    expect(formatElapsed(-5)).toBe('00:00');
  });

  it('rounds the average wait to seconds, minutes or hours, none at zero', () => {
    expect(waitEstimate(0)).toEqual({ unit: 'none' });
    expect(waitEstimate(200)).toEqual({ unit: 'seconds', count: 1 });
    expect(waitEstimate(45_000)).toEqual({ unit: 'seconds', count: 45 });
    expect(waitEstimate(150_000)).toEqual({ unit: 'minutes', count: 3 });
    expect(waitEstimate(2 * 3_600_000)).toEqual({ unit: 'hours', count: 2 });
  });
});

describe('the last partner hold', () => {
  it('keeps the hold the find answered with, and forgets it when the search ends', () => {
    const searching = searchReducer(initialSearchState, {
      type: 'search_started',
      languageCode: 'en',
      at: 1,
      rematchAfterMs: 25_000,
    });
    expect(searching.rematchAfterMs).toBe(25_000);
    expect(searchReducer(searching, { type: 'cancelled' }).rematchAfterMs).toBeNull();
    const without = searchReducer(initialSearchState, {
      type: 'search_started',
      languageCode: 'en',
      at: 1,
    });
    expect(without.rematchAfterMs).toBeNull();
  });
});
