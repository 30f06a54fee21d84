import { describe, expect, it } from 'vitest';
import { DECLINED_MESSAGE, expiryInFuture, NOT_A_TEST_CARD_MESSAGE, testCardOutcome } from './billing.ts';

describe('test cards', () => {
  it('4242 succeeds, 0002 is declined with the provider message, 0341 fails only renewals', () => {
    expect(testCardOutcome('4242 4242 4242 4242')).toEqual({ outcome: 'succeeds', message: null });
    expect(testCardOutcome('4000-0000-0000-0002')).toEqual({ outcome: 'declined', message: DECLINED_MESSAGE });
    expect(testCardOutcome('4000000000000341').outcome).toBe('renewals_declined');
  });

  it('any other number is declined: test mode never takes a real card', () => {
    expect(testCardOutcome('5555 5555 5555 4444')).toEqual({ outcome: 'declined', message: NOT_A_TEST_CARD_MESSAGE });
  });

  it('an expiry is good through the end of its month', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(expiryInFuture('11/26', now)).toBe(true);
    expect(expiryInFuture('10/26', now)).toBe(false);
    expect(expiryInFuture('01 / 27', now)).toBe(true);
    expect(expiryInFuture('1/27', now)).toBe(false);
  });
});
