import { RateLimiterMemory } from 'rate-limiter-flexible';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../db/password.ts';
import { createRateLimits } from '../../api/services/limits/rate-limits.ts';
import { registerUser, resetTokenFor, startTestServer, type TTestServer } from '../helpers/server.ts';

/** docs/choices.md 17, 18, 19 and 24 (plain HTTP in production): limits that hold, and hold only the guesser. */

const PRODUCTION = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(48), PUBLIC_URL: 'https://ratio.example', TRUST_PROXY: 'true', BILLING: 'local' };

/** Sends analyses (20 a minute per address are allowed) with the given X-Forwarded-For; returns the statuses. */
async function analyses(srv: TTestServer, count: number, forwardedFor: (i: number) => string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await srv.client().post('/api/analyze-card', { image: 'x' }, { 'x-forwarded-for': forwardedFor(i), 'x-forwarded-proto': 'https' });
    statuses.push(res.status);
  }
  return statuses;
}

describe('item 3: per-address limits hold behind the proxy', () => {
  let prod: TTestServer;
  beforeAll(async () => {
    prod = await startTestServer({ env: PRODUCTION });
  });
  afterAll(async () => {
    await prod?.close();
  });

  it('an appending proxy (nginx): the client cannot escape by sending its own X-Forwarded-For', async () => {
    const statuses = await analyses(prod, 21, (i) => `10.0.${i}.1, 203.0.113.7`);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Another client behind the same proxy is not affected.
    expect((await analyses(prod, 1, () => '10.0.0.1, 203.0.113.8'))[0]).toBe(400);
  });

  it('an overwriting proxy: the one address it sends is the client', async () => {
    const statuses = await analyses(prod, 21, () => '198.51.100.4');
    expect(statuses[19]).toBe(400);
    expect(statuses[20]).toBe(429);
    expect((await analyses(prod, 1, () => '198.51.100.5'))[0]).toBe(400);
  });

  it('TRUSTED_PROXIES=2 (a CDN before the proxy): the address the outer proxy appended is the client', async () => {
    const two = await startTestServer({ env: { ...PRODUCTION, TRUSTED_PROXIES: '2' } });
    try {
      const statuses = await analyses(two, 21, (i) => `10.1.${i}.1, 192.0.2.10, 203.0.113.250`);
      expect(statuses[20]).toBe(429);
      expect((await analyses(two, 1, () => '192.0.2.11, 203.0.113.250'))[0]).toBe(400);
    } finally {
      await two.close();
    }
  });

  it('a request carrying a cookie over plain HTTP without X-Forwarded-Proto is answered, not a 500', async () => {
    const res = await prod.client().request('GET', '/api/user', undefined, { cookie: 'ratio_session=stale-token' });
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
    expect(res.headers.getSetCookie().join(';')).toMatch(/ratio_session=;.*secure/i);
    const page = await prod.client().request('POST', '/api/logout', undefined, { cookie: 'ratio_session=stale-token' });
    expect(page.status).toBe(200);
  });
});

describe('item 4 and 5: lock-outs that only the guesser feels', () => {
  let srv: TTestServer;
  beforeAll(async () => {
    // Addresses come from X-Forwarded-For.
    srv = await startTestServer({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await srv?.close();
  });

  const login = (email: string, password: string, ip: string) => srv.client().post('/api/login', { email, password }, { 'x-forwarded-for': ip });

  it('ten wrong passwords from one address lock that address out, not the owner signing in elsewhere', async () => {
    const { input } = await registerUser(srv);
    for (let i = 0; i < 10; i++) expect((await login(input.email, 'wrong-guess', '198.51.100.66')).status).toBe(401);
    expect((await login(input.email, input.password, '198.51.100.66')).status).toBe(429);
    expect((await login(input.email, input.password, '203.0.113.20')).status).toBe(200);
    expect((await login(input.email, input.password, '198.51.100.66')).status).toBe(429);
  });

  it("after many addresses fail, only addresses without failures may try; the owner's success clears the count", async () => {
    // The account-wide allowance (100 an hour) made small to keep the test short.
    srv.deps.limits.loginFailsAccount = new RateLimiterMemory({ points: 4, duration: 3600 });
    const { input } = await registerUser(srv);
    for (let i = 0; i < 4; i++) expect((await login(input.email, 'wrong-guess', `192.0.2.${i}`)).status).toBe(401);
    expect((await login(input.email, input.password, '192.0.2.0')).status).toBe(429);
    expect((await login(input.email, input.password, '203.0.113.21')).status).toBe(200);
    expect((await login(input.email, input.password, '192.0.2.0')).status).toBe(200);
    srv.deps.limits.loginFailsAccount = createRateLimits().loginFailsAccount;
  });

  it('using a reset link, or changing the password, revokes every other outstanding link', async () => {
    const { client, input } = await registerUser(srv);
    await srv.client().post('/api/forgot-password', { email: input.email });
    const first = await resetTokenFor(srv, input.email);
    await srv.client().post('/api/forgot-password', { email: input.email });
    const second = await resetTokenFor(srv, input.email);
    expect((await srv.client().post('/api/reset-password', { token: second, password: 'after-reset' })).status).toBe(200);
    const stale = await srv.client().post('/api/reset-password', { token: first, password: 'attacker-choice' });
    expect(stale.status).toBe(400);
    expect(stale.body.error?.code).toBe('invalid_token');

    expect((await client.post('/api/login', { email: input.email, password: 'after-reset' })).status).toBe(200);
    await srv.client().post('/api/forgot-password', { email: input.email });
    const pending = await resetTokenFor(srv, input.email);
    expect((await client.post('/api/auth/change-password', { currentPassword: 'after-reset', newPassword: 'changed-in-settings' })).status).toBe(200);
    expect((await srv.client().post('/api/reset-password', { token: pending, password: 'attacker-choice' })).status).toBe(400);
    expect((await srv.client().post('/api/login', { email: input.email, password: 'changed-in-settings' })).status).toBe(200);
  });

  it('an invalid reset token is refused before any password is hashed', async () => {
    const started = process.cpuUsage();
    await hashPassword('one-hash-for-scale');
    const oneHash = process.cpuUsage(started);
    const before = process.cpuUsage();
    for (let i = 0; i < 8; i++) {
      const res = await srv
        .client()
        .post('/api/reset-password', { token: `not-a-token-${i}`, password: 'whatever1' }, { 'x-forwarded-for': `203.0.113.${100 + i}` });
      expect(res.status).toBe(400);
    }
    const eight = process.cpuUsage(before);
    // Hashing each would cost at least eight hashes; half of that leaves room for the HTTP and
    // database work of eight requests on a busy machine.
    expect(eight.user + eight.system).toBeLessThan(4 * (oneHash.user + oneHash.system));
  });

  it('reset-password is limited per address, change-password per account', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await srv.client().post('/api/reset-password', { token: 'bogus', password: 'whatever1' }, { 'x-forwarded-for': '198.51.100.77' })).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);

    const { client } = await registerUser(srv);
    const changes: number[] = [];
    for (let i = 0; i < 11; i++)
      changes.push((await client.post('/api/auth/change-password', { currentPassword: 'wrong-one', newPassword: 'whatever1' })).status);
    expect(changes.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(changes[10]).toBe(429);
  });
});
