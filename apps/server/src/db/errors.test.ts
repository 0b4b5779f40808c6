import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './errors.ts';

describe('isUniqueViolation', () => {
  const driverError = { code: '23505', constraint: 'users_referral_id_key' };

  it('finds the SQLSTATE on the error or on a wrapped cause', () => {
    expect(isUniqueViolation(driverError)).toBe(true);
    const wrapped = Object.assign(new Error('Failed query: insert ...'), { cause: driverError });
    expect(isUniqueViolation(wrapped)).toBe(true);
    expect(isUniqueViolation(wrapped, 'users_referral_id_key')).toBe(true);
    expect(isUniqueViolation(wrapped, 'users_provider_subject_key')).toBe(false);
  });

  it('ignores other errors, even when their text mentions duplicates', () => {
    expect(isUniqueViolation(new Error('duplicate key value violates unique constraint'))).toBe(
      false,
    );
    expect(isUniqueViolation({ code: '23503' })).toBe(false);
    expect(isUniqueViolation({ code: 'ECONNRESET' })).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});
