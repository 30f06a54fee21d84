import { describe, expect, it } from 'vitest';
import { billingProvider, EnvError, parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('runs on defaults with nothing set', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ NODE_ENV: 'development', PORT: 3000, DATA_DIR: './data', SUPPORT_EMAIL: 'support@ratio.local' });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('treats empty strings as unset', () => {
    expect(parseEnv({ PORT: '', DATABASE_URL: '', SMTP_URL: '' })).toMatchObject({ PORT: 3000, DATABASE_URL: undefined, SMTP_URL: undefined });
  });

  it('lists every problem at once', () => {
    try {
      parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://x' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(EnvError);
      const problems = (err as EnvError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('DATABASE_URL');
      expect(problems).toContain('SMTP_URL');
    }
  });

  it('production refuses to start without a session secret and a public https URL, and says why', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET[\s\S]*PUBLIC_URL[\s\S]*TRUST_PROXY/);
    const safe = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://ratio.example', TRUST_PROXY: 'true', BILLING: 'local' };
    expect(() => parseEnv({ ...safe, PUBLIC_URL: 'http://ratio.example' })).toThrow(/https/);
    expect(() => parseEnv({ ...safe, TRUST_PROXY: '' })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ ...safe, SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
    expect(parseEnv(safe).NODE_ENV).toBe('production');
  });

  it('billing: local test mode by default, Stripe with its keys; production needs Stripe or BILLING=local on purpose', () => {
    expect(billingProvider(parseEnv({}))).toBe('local');
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x' };
    expect(billingProvider(parseEnv(stripe))).toBe('stripe');
    expect(billingProvider(parseEnv({ ...stripe, BILLING: 'local' }))).toBe('local');
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_PUBLISHABLE_KEY: required for Stripe billing/);
    expect(() => parseEnv({ BILLING: 'stripe' })).toThrow(/STRIPE_SECRET_KEY[\s\S]*STRIPE_PUBLISHABLE_KEY/);
    expect(() => parseEnv({ BILLING: 'paypal' })).toThrow(/BILLING/);

    const prod = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://ratio.example', TRUST_PROXY: 'true' };
    expect(() => parseEnv(prod)).toThrow(/BILLING: production has no Stripe keys[\s\S]*BILLING=local on purpose/);
    expect(() => parseEnv({ ...prod, ...stripe })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(billingProvider(parseEnv({ ...prod, ...stripe, STRIPE_WEBHOOK_SECRET: 'whsec_x' }))).toBe('stripe');
    expect(billingProvider(parseEnv({ ...prod, BILLING: 'local' }))).toBe('local');
  });
});
