import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TTestServer } from '../helpers/server.ts';

let srv: TTestServer;
beforeAll(async () => {
  srv = await startTestServer({
    env: { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(48), PUBLIC_URL: 'https://ratio.example', TRUST_PROXY: 'true', BILLING: 'local' },
  });
});
afterAll(async () => {
  await srv?.close();
});

describe('production behind the TLS proxy', () => {
  it('sets the session cookie Secure, httpOnly and SameSite=Lax, and accepts the public origin', async () => {
    const client = srv.client();
    client.headers = { 'x-forwarded-proto': 'https', origin: 'https://ratio.example' };
    const res = await client.post('/api/register', { email: 'prod@example.com', password: 'secret1', firstName: 'Pro', lastName: 'Duction' });
    expect(res.status).toBe(201);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('ratio_session='));
    expect(cookie).toMatch(/;\s*secure/i);
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    expect((await client.get('/api/user')).body).toMatchObject({ email: 'prod@example.com' });
  });

  it('errors carry no internals', async () => {
    const res = await srv.client().post('/api/login', '{oops', { 'content-type': 'application/json', 'x-forwarded-proto': 'https' });
    expect(res.status).toBe(400);
    expect(res.text).not.toMatch(/at |node_modules|stack/i);
  });
});
