import { describe, expect, it } from 'vitest';
import { connectionNoticeView } from '@/app/realtime/connection-notice-view';

const fresh = { settled: false, delayElapsed: false, publicPage: false };

describe('connectionNoticeView', () => {
  it('does not flash while the first connection is quick', () => {
    expect(connectionNoticeView('disconnected', fresh)).toBeNull();
    expect(connectionNoticeView('connecting', fresh)).toBeNull();
    expect(connectionNoticeView('connected', fresh)).toBeNull();
  });

  it('says connecting once the first connection takes over a second, except on public pages', () => {
    expect(connectionNoticeView('connecting', { ...fresh, delayElapsed: true })).toBe('connecting');
    expect(
      connectionNoticeView('connecting', { ...fresh, delayElapsed: true, publicPage: true }),
    ).toBeNull();
  });

  it('covers the app at once after the connection was settled', () => {
    const settled = { ...fresh, settled: true, publicPage: true };
    expect(connectionNoticeView('connecting', settled)).toBe('connecting');
    expect(connectionNoticeView('reconnecting', settled)).toBe('reconnecting');
    expect(connectionNoticeView('connection_failed', settled)).toBe('failed');
    expect(connectionNoticeView('duplicate_connection', settled)).toBe('duplicate');
    expect(connectionNoticeView('disconnected', settled)).toBe('failed');
    expect(connectionNoticeView('connected', settled)).toBeNull();
  });

  it('leaves a restricted account to the blocked page', () => {
    const settled = { ...fresh, settled: true, publicPage: false };
    expect(connectionNoticeView('account_restricted', settled)).toBeNull();
  });
});
