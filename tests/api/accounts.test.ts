import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startTestServer, type TTestServer } from '../helpers/server.ts';

let srv: TTestServer;
beforeAll(async () => {
  srv = await startTestServer({ rateLimitScale: 100 });
});
afterAll(async () => {
  await srv?.close();
});

describe('register', () => {
  it('creates the account, signs in with an httpOnly SameSite=Lax cookie, and never shows the hash', async () => {
    const client = srv.client();
    const res = await client.post('/api/register', { email: ' New@Example.com ', password: 'secret1', firstName: ' Ada ', lastName: 'Lovelace' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email: 'new@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      isPro: false,
      isTrialActive: false,
      accountStatus: 'free',
      canEdit: true,
      maxSlots: 10,
    });
    expect(res.text).not.toMatch(/scrypt|passwordHash|secret1/);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('ratio_session='));
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    const me = await client.get('/api/user');
    expect(me.body).toMatchObject({ email: 'new@example.com' });
  });

  it('refuses an email already registered, whatever its case', async () => {
    const { input } = await registerUser(srv);
    const res = await srv.client().post('/api/register', { ...input, email: input.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'email_taken' });
  });

  it.each([
    [{}, 'email'],
    [{ email: 'a@b.co', password: 'secret1', firstName: 'A' }, 'lastName'],
    [{ email: 'not-an-email', password: 'secret1', firstName: 'A', lastName: 'B' }, 'email'],
    [{ email: 'a@b.co', password: '12345', firstName: 'A', lastName: 'B' }, 'password'],
    [{ email: 'a@b.co', password: 'x'.repeat(129), firstName: 'A', lastName: 'B' }, 'password'],
    [{ email: 'a@b.co', password: 123456, firstName: 'A', lastName: 'B' }, 'password'],
    [{ email: 'a@b.co', password: 'secret1', firstName: '   ', lastName: 'B' }, 'firstName'],
    [[1, 2, 3], 'body'],
  ])('answers 400 naming the field for %j', async (body, field) => {
    const res = await srv.client().post('/api/register', body);
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('validation_error');
    expect(res.body.error?.message).toContain(field === 'body' ? '' : field);
  });
});

describe('bad input never yields a 500', () => {
  const calls: Array<[string, string]> = [
    ['POST', '/api/register'],
    ['POST', '/api/login'],
    ['POST', '/api/forgot-password'],
    ['POST', '/api/reset-password'],
    ['PATCH', '/api/auth/user'],
    ['POST', '/api/auth/change-password'],
  ];

  it.each(calls)('%s %s: malformed JSON is a 400 invalid_json', async (method, path) => {
    const { client } = await registerUser(srv);
    const res = await client.request(method, path, '{"email": ', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('invalid_json');
  });

  it.each(calls)('%s %s: a huge body is a 413', async (method, path) => {
    const { client } = await registerUser(srv);
    // Sign-up carries up to 3 anonymous card photos (≤ 800 px JPEGs), so its limit is 4 MB; the others' is 64 KB.
    const huge = path === '/api/register' ? 4_300_000 : 200_000;
    const res = await client.request(method, path, { email: 'x'.repeat(huge) });
    expect(res.status).toBe(413);
    expect(res.body.error?.code).toBe('payload_too_large');
  });

  it.each(calls)('%s %s: wrong types are 400s, a non-JSON content type a 415', async (method, path) => {
    const { client } = await registerUser(srv);
    const typed = await client.request(method, path, {
      email: 42,
      password: null,
      token: {},
      firstName: [],
      lastName: true,
      currentPassword: 1,
      newPassword: false,
    });
    expect(typed.status).toBe(400);
    expect(typed.body.error?.code).toBe('validation_error');
    const form = await client.request(method, path, 'email=a@b.co', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    expect(form.body.error?.code).toBe('unsupported_media_type');
  });

  it('unknown API paths answer a JSON 404', async () => {
    const res = await srv.client().get('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({ code: 'not_found', message: 'No such API endpoint' });
  });
});

describe('login and logout', () => {
  it("tells an unknown email apart with 'User not found' (docs/product.md §8)", async () => {
    const res = await srv.client().post('/api/login', { email: 'nobody@example.com', password: 'whatever' });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'user_not_found', message: 'User not found' });
  });

  it('refuses a wrong password with 401', async () => {
    const { input } = await registerUser(srv);
    const res = await srv.client().post('/api/login', { email: input.email, password: 'wrong-password' });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: 'invalid_credentials', message: 'Invalid email or password' });
  });

  it('an unknown email costs as much time as a wrong password (a dummy hash is checked)', async () => {
    const { input } = await registerUser(srv);
    const time = async (email: string) => {
      const t = performance.now();
      await srv.client().post('/api/login', { email, password: 'wrong-password' });
      return performance.now() - t;
    };
    await time('warmup@example.com');
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let i = 0; i < 3; i++) {
      unknown.push(await time(`ghost${i}@example.com`));
      wrong.push(await time(input.email));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.5);
  });

  it('signs in with a new session id, and logout ends that session on the server', async () => {
    const { client, input } = await registerUser(srv);
    const before = client.cookieHeader;
    const login = await client.post('/api/login', { email: input.email, password: input.password });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ email: input.email });
    expect(client.cookieHeader).not.toBe(before);
    const stolen = client.cookieHeader;
    expect((await client.post('/api/logout')).body).toEqual({ ok: true });
    expect((await client.get('/api/user')).body).toBeNull();
    const replay = await srv.client().request('GET', '/api/auth/user', undefined, { cookie: stolen });
    expect(replay.status).toBe(401);
  });

  it('the pre-login session cookie stops working after login (no fixation)', async () => {
    const { client, input } = await registerUser(srv);
    const old = client.cookieHeader;
    await client.post('/api/login', { email: input.email, password: input.password });
    const res = await srv.client().request('GET', '/api/auth/user', undefined, { cookie: old });
    expect(res.status).toBe(401);
  });

  it('GET /api/login sends the browser to /auth', async () => {
    const res = await srv.client().get('/api/login');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/auth');
  });
});

describe('current user', () => {
  it('GET /api/user is null when signed out; /api/auth/user is 401', async () => {
    const anon = srv.client();
    const res = await anon.get('/api/user');
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
    const strict = await anon.get('/api/auth/user');
    expect(strict.status).toBe(401);
    expect(strict.body.error?.code).toBe('unauthorized');
  });

  it('renames with trimmed names', async () => {
    const { client } = await registerUser(srv);
    const res = await client.patch('/api/auth/user', { firstName: '  Grace ', lastName: ' Hopper  ' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
    expect((await client.get('/api/auth/user')).body).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
  });

  it('a session ends 30 days after sign-in even when used every day', async () => {
    const { client } = await registerUser(srv);
    const day = 24 * 3600 * 1000;
    try {
      for (let week = 1; week <= 4; week++) {
        srv.advance(7 * day);
        expect((await client.get('/api/user')).body).not.toBeNull();
      }
      srv.advance(3 * day);
      expect((await client.get('/api/user')).body).toBeNull();
    } finally {
      srv.advance(-31 * day);
    }
  });

  it('a session idle for 14 days ends', async () => {
    const { client } = await registerUser(srv);
    srv.advance(15 * 24 * 3600 * 1000);
    try {
      expect((await client.get('/api/user')).body).toBeNull();
    } finally {
      srv.advance(-15 * 24 * 3600 * 1000);
    }
  });
});

describe('change password', () => {
  it('checks the current password, keeps this session and ends the others', async () => {
    const { client, input } = await registerUser(srv);
    const other = srv.client();
    await other.post('/api/login', { email: input.email, password: input.password });
    const wrong = await client.post('/api/auth/change-password', { currentPassword: 'nope-nope', newPassword: 'brandnew1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error?.code).toBe('invalid_password');
    const short = await client.post('/api/auth/change-password', { currentPassword: input.password, newPassword: '123' });
    expect(short.status).toBe(400);
    const ok = await client.post('/api/auth/change-password', { currentPassword: input.password, newPassword: 'brandnew1' });
    expect(ok.status).toBe(200);
    expect((await client.get('/api/auth/user')).status).toBe(200);
    expect((await other.get('/api/auth/user')).status).toBe(401);
    expect((await srv.client().post('/api/login', { email: input.email, password: input.password })).status).toBe(401);
    expect((await srv.client().post('/api/login', { email: input.email, password: 'brandnew1' })).status).toBe(200);
  });

  it('needs a session', async () => {
    const res = await srv.client().post('/api/auth/change-password', { currentPassword: 'abcdef', newPassword: 'abcdefg' });
    expect(res.status).toBe(401);
  });
});

describe('same-origin check', () => {
  it('refuses a state-changing request from another origin, and allows this one', async () => {
    const { client, input } = await registerUser(srv);
    const evil = await client.post('/api/logout', undefined, { origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    expect(evil.body.error?.code).toBe('cross_origin');
    expect((await client.get('/api/user')).body).toMatchObject({ email: input.email });
    const same = await client.post('/api/logout', undefined, { origin: srv.url });
    expect(same.status).toBe(200);
  });

  it('checks Referer when Origin is absent', async () => {
    const res = await srv.client().post('/api/login', { email: 'a@b.co', password: 'x' }, { referer: 'https://evil.example/page' });
    expect(res.status).toBe(403);
  });
});
