import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startTestServer, type TTestServer } from '../helpers/server.ts';

let srv: TTestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv?.close();
});

describe('rate limits', () => {
  it('login: an account gets 10 attempts per 15 minutes, then a clear 429 with Retry-After', async () => {
    const { input } = await registerUser(srv);
    for (let i = 0; i < 10; i++) {
      const res = await srv.client().post('/api/login', { email: input.email, password: 'wrong-guess' });
      expect(res.status).toBe(401);
    }
    const blocked = await srv.client().post('/api/login', { email: input.email, password: input.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error?.code).toBe('rate_limited');
    expect(blocked.body.error?.message).toMatch(/Too many attempts\. Please try again in \d+ minutes?\./);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('forgot-password: an account gets 3 emails an hour', async () => {
    const { input } = await registerUser(srv);
    for (let i = 0; i < 3; i++) expect((await srv.client().post('/api/forgot-password', { email: input.email })).status).toBe(200);
    const res = await srv.client().post('/api/forgot-password', { email: input.email });
    expect(res.status).toBe(429);
  });

  // 31 sign-ins each hash a password: on a loaded 2-core machine that alone has passed the 30 s default.
  it('login: one IP gets 30 attempts per 15 minutes across accounts', { timeout: 120_000 }, async () => {
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (await srv.client().post('/api/login', { email: `spray${i}@example.com`, password: 'guess-123' })).status;
    }
    expect(last).toBe(429);
  });
});
