import { describe, expect, it } from 'vitest';
import { ERROR_CODES, errorEnvelopeSchema } from './errors.ts';

describe('error envelope', () => {
  it('accepts numeric and string codes with a message', () => {
    expect(errorEnvelopeSchema.parse({ code: 1001, message: '' })).toEqual({
      code: 1001,
      message: '',
    });
    expect(errorEnvelopeSchema.safeParse({ code: 'invalid_api_key', message: 'x' }).success).toBe(
      true,
    );
  });

  it('refuses bodies that are not an envelope', () => {
    for (const body of [{ code: 400 }, { message: 'x' }, { code: 1.5, message: 'x' }, '<html>']) {
      expect(errorEnvelopeSchema.safeParse(body).success).toBe(false);
    }
  });

  it('keeps the domain codes the clients branch on (spec §8)', () => {
    expect(ERROR_CODES).toEqual({
      invalidApiKey: 'invalid_api_key',
      alreadyInCall: 1001,
      sessionsLimitReached: 1002,
      badRequest: 'BAD_REQUEST',
      notConnected: 'not_connected',
      underReview: 'under_review',
      pairExcluded: 'pair_excluded',
      searching: 'searching',
      billingUnavailable: 'billing_unavailable',
      invalidSignature: 'invalid_signature',
      unavailable: 'unavailable',
    });
  });
});
