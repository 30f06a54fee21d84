import { describe, expect, it } from 'vitest';
import { initialStep, readPricingQuery } from './steps.ts';
import type { TUser } from '../../stores/user.ts';

const user = (over: Partial<TUser>) => ({ trialUsed: false, isTrialActive: false, ...over }) as TUser;

describe('/pricing query and first step (docs/product.md §2)', () => {
  it('reads trial_upgrade, the payment details only with it, and utm_source', () => {
    expect(readPricingQuery('?trial_upgrade=true&subscription_id=s&client_secret=c&utm_source=mail')).toEqual({
      trialUpgrade: true,
      payment: { clientSecret: 'c', subscriptionId: 's' },
      utmSource: 'mail',
    });
    expect(readPricingQuery('?subscription_id=s&client_secret=c').payment).toBeNull();
    expect(readPricingQuery('?trial_upgrade=true&client_secret=c').payment).toBeNull();
  });

  it('signup for a visitor; trial, then payment once a trial was used, for a signed-in user; payment for a trial upgrade', () => {
    const plain = readPricingQuery('');
    expect(initialStep(plain, null)).toBe('signup');
    expect(initialStep(plain, user({}))).toBe('trial');
    expect(initialStep(plain, user({ trialUsed: true }))).toBe('payment');
    expect(initialStep(readPricingQuery('?trial_upgrade=true'), null)).toBe('payment');
    expect(initialStep(readPricingQuery('?trial_upgrade=true'), user({ trialUsed: true, isTrialActive: true }))).toBe('payment');
  });
});
