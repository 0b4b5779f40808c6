import { describe, expect, it } from 'vitest';
import { consolePage } from '@/features/moderation/components/moderation-console';

describe('consolePage', () => {
  it('names the queue, a user, or nothing', () => {
    expect(consolePage('')).toEqual({ kind: 'queue' });
    expect(consolePage('/')).toEqual({ kind: 'queue' });
    expect(consolePage('users/u-1')).toEqual({ kind: 'user', userId: 'u-1' });
    expect(consolePage('users/u-1/')).toEqual({ kind: 'user', userId: 'u-1' });
    expect(consolePage('users')).toBeNull();
    expect(consolePage('users/u-1/reports')).toBeNull();
    expect(consolePage('settings')).toBeNull();
  });
});
