import fs from 'node:fs/promises';
import http from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakePageCsp, fakeSiteDir } from '../helpers/fake-site.ts';
import { registerUser, startTestServer, type TTestServer } from '../helpers/server.ts';

/** docs/choices.md 23 (security headers, errors included) and 25 (page guards on the normalised path). */

let srv: TTestServer;
let siteDir: string;
beforeAll(async () => {
  siteDir = await fakeSiteDir();
  // An analyzer that fails unexpectedly, to see the headers on a 500.
  srv = await startTestServer({
    siteDir,
    deps: { analyzer: { analyze: () => Promise.reject(new Error('boom')), close: async () => {} } },
  });
});
afterAll(async () => {
  await srv?.close();
  await fs.rm(siteDir, { recursive: true, force: true });
});

const SECURITY = ['x-content-type-options', 'referrer-policy', 'x-frame-options', 'permissions-policy', 'content-security-policy'];

describe('item 9: security headers', () => {
  it('are on every answer: success, 400, 401, 404, 413, 415, 429 and 500', async () => {
    const { client } = await registerUser(srv);
    const answers = [
      await client.get('/api/user'),
      await client.post('/api/login', '{oops', { 'content-type': 'application/json' }),
      await srv.client().get('/api/cards'),
      await client.get('/api/no-such-thing'),
      await client.patch('/api/auth/user', { firstName: 'x'.repeat(70_000) }),
      await client.request('PATCH', '/api/auth/user', '{}', { 'content-type': 'application/json', 'content-encoding': 'gzip' }),
    ];
    for (let i = 0; i < 4; i++) answers.push(await srv.client().post('/api/forgot-password', { email: 'someone@example.com' }));
    const tiny = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    answers.push(await client.post('/api/analyze-card', { image: `data:image/png;base64,${tiny.toString('base64')}` }));
    expect(answers.map((a) => a.status)).toEqual([200, 400, 401, 404, 413, 415, 200, 200, 200, 429, 500]);
    for (const res of answers) {
      for (const header of SECURITY) expect(res.headers.get(header), `${res.status} ${header}`).toBeTruthy();
      expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'.*frame-ancestors 'none'/);
      expect(res.headers.get('permissions-policy')).toMatch(/camera=\(\)/);
      expect(res.headers.get('strict-transport-security')).toBeNull();
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    }
  });

  it('Cross-Origin-Opener-Policy on every page of an account or a credential, not on the landing and not-found pages (choices 49)', async () => {
    const { client } = await registerUser(srv);
    const pages = { '/gallery': await client.get('/gallery'), '/account': await client.get('/account'), '/auth': await srv.client().get('/auth') };
    for (const [page, res] of Object.entries(pages)) {
      expect(res.status, page).toBe(200);
      expect(res.headers.get('cross-origin-opener-policy'), page).toBe('same-origin');
    }
    const landing = await srv.client().get('/');
    const unknown = await srv.client().get('/no-such-page');
    expect([landing.status, unknown.status]).toEqual([200, 404]);
    for (const res of [landing, unknown]) {
      expect(res.headers.get('cross-origin-opener-policy')).toBeNull();
      // The other headers stay.
      expect(res.headers.get('x-frame-options')).toBe('DENY');
    }
    // A signed-in user asking for the landing is sent to their gallery, which carries it.
    const signedIn = await client.get('/');
    expect(signedIn.status).toBe(302);
  });

  it('HSTS in production only', async () => {
    const prod = await startTestServer({
      env: { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(48), PUBLIC_URL: 'https://ratio.example', TRUST_PROXY: 'true', BILLING: 'local' },
    });
    try {
      const ok = await prod.client().get('/api/user');
      const missing = await prod.client().get('/api/missing');
      for (const res of [ok, missing]) expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
    } finally {
      await prod.close();
    }
  });

  it('pages carry the policy the build wrote for them (with their script hashes), the landing fallback too', async () => {
    const { client } = await registerUser(srv);
    expect((await client.get('/gallery')).headers.get('content-security-policy')).toBe(fakePageCsp('/gallery'));
    expect((await srv.client().get('/auth')).headers.get('content-security-policy')).toBe(fakePageCsp('/auth'));
    const unknown = await srv.client().get('/no-such-page');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-security-policy')).toBe(fakePageCsp('/404'));
  });
});

/** GET with the path sent exactly as written (fetch would resolve '/./' and '/../' first). */
function rawGet(path: string, cookie = ''): Promise<{ status: number; location: string | undefined; text: string }> {
  const { hostname, port } = new URL(srv.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path, headers: cookie ? { cookie } : {} }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('item 11: protected pages are guarded on the path the static server resolves', () => {
  it.each([
    '/gallery',
    '/%67allery',
    '/./gallery',
    '//gallery',
    '/gallery/',
    '/gallery.html',
    '/%67allery.html',
    '/account/./',
    '/x/../gallery',
    '/gallery%2F',
  ])('a signed-out visitor asking for %s is sent to /auth', async (path) => {
    const res = await rawGet(path);
    expect(res.status).toBe(302);
    expect(res.location).toBe('/auth');
    expect(res.text).not.toMatch(/page \/(gallery|account)/);
  });

  it.each(['/', '/index.html', '/%69ndex', '/./'])('a signed-in collector asking for %s goes to /gallery', async (path) => {
    const { client } = await registerUser(srv);
    const res = await rawGet(path, client.cookieHeader);
    expect(res.status).toBe(302);
    expect(res.location).toBe('/gallery');
  });
});
