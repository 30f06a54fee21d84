import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSlotView } from '../../core/contracts/cards.types.ts';
import { jpegWithExif, uploadForm } from '../fixtures/images.ts';
import type { TestClient } from '../helpers/http.ts';
import { stallMeter } from '../helpers/loop-stall.ts';
import { registerTrialUser, registerUser, startTestServer, type TTestServer } from '../helpers/server.ts';
import { HOSTILE_HEADER_256 } from './abuse/corpus.ts';

/** docs/choices.md 15, 16, 24 and 25: input that once froze the server, 500'd or was read loosely. */

let srv: TTestServer;
beforeAll(async () => {
  srv = await startTestServer({ rateLimitScale: 100 });
});
afterAll(async () => {
  await srv?.close();
});

/**
 * Runs `fn` and returns the longest event-loop stall it caused (ms), beyond what the machine's load
 * caused, as a fraction of `budgetMs` scaled by how much the load slowed work in the same window
 * (below 1: within budget).
 */
async function stallOverBudget(fn: () => Promise<unknown>, budgetMs: number): Promise<number> {
  const meter = stallMeter();
  try {
    await meter.measure(fn);
    return meter.worst().excess / meter.allowed(budgetMs);
  } finally {
    await meter.close();
  }
}

const trialUser = () => registerTrialUser(srv);

describe('item 1: data URL headers are parsed without backtracking', () => {
  it('a 256-character hostile header answers 400 as fast as a plain bad header (plus 50 ms), on every route that decodes images', async () => {
    const { client } = await trialUser();
    // Warm the routes up once, so the timing below is the parsing alone.
    await client.post('/api/analyze-card', { image: 'data:,' });
    const bodies = (header: string): Array<[string, unknown]> => [
      ['/api/analyze-card', { image: header }],
      ['/api/transfer-collection', { collectionData: [{ slotNumber: 1, imageUrl: header }] }],
      ['/api/migrate-collection', { collection: [{ image: header, player: 'P' }] }],
    ];
    const hostile = bodies(HOSTILE_HEADER_256);
    // The control: the same route refusing a short bad header, timed in the same run, turn about.
    const control = bodies('data:,');
    for (const [i, [path, body]] of hostile.entries()) {
      let fastest = Infinity;
      let fastestControl = Infinity;
      const timed = async (payload: unknown) => {
        const started = performance.now();
        const res = await client.post(path, payload);
        expect(res.status, path).toBe(400);
        expect(res.body.error?.code, path).toBe('invalid_image');
        return performance.now() - started;
      };
      // The fastest of five tries each: backtracking is slow every time, a busy machine only sometimes.
      for (let k = 0; k < 5; k++) {
        fastestControl = Math.min(fastestControl, await timed(control[i]![1]));
        fastest = Math.min(fastest, await timed(body));
      }
      expect(fastest, `${path} (control ${fastestControl.toFixed(1)} ms)`).toBeLessThan(fastestControl * 2 + 50);
    }
  });
});

describe('item 2: big JSON is bounded and rate-limited before it is parsed', () => {
  it('a 14 MB nested array to /api/analyze-card is refused without freezing the event loop', async () => {
    const nested = Buffer.from(`{"image":${'['.repeat(3_500_000)}${']'.repeat(3_500_000)}}`);
    const flat = Buffer.from(`{"image":[${'0,'.repeat(3_500_000)}0]}`);
    const bare = Buffer.from(`${'['.repeat(3_500_000)}${']'.repeat(3_500_000)}`);
    for (const body of [nested, flat, bare]) {
      let status = 0;
      const stall = await stallOverBudget(async () => {
        status = (await srv.client().request('POST', '/api/analyze-card', body, { 'content-type': 'application/json' })).status;
      }, 200);
      expect(status).toBe(400);
      expect(stall).toBeLessThan(1);
    }
  });

  it('a body larger than a 10 MB image as a data URL is a 413 before it is read', async () => {
    const res = await srv.client().post('/api/analyze-card', { image: `data:image/jpeg;base64,${'A'.repeat(14_100_000)}` });
    expect(res.status).toBe(413);
    expect(res.body.error?.code).toBe('payload_too_large');
  });

  it('once the address has spent its analyses, even a 14 MB body is answered 429 at once', async () => {
    const limited = await startTestServer();
    try {
      for (let i = 0; i < 20; i++) await limited.client().post('/api/analyze-card', { image: 'x' });
      const nested = Buffer.from(`{"image":${'['.repeat(7_000_000)}${']'.repeat(7_000_000)}}`);
      let status = 0;
      const stall = await stallOverBudget(async () => {
        status = (await limited.client().request('POST', '/api/analyze-card', nested, { 'content-type': 'application/json' })).status;
      }, 200);
      expect(status).toBe(429);
      expect(stall).toBeLessThan(1);
    } finally {
      await limited.close();
    }
  });
});

describe('item 10: inputs that used to answer 500', () => {
  const jsonRoutes: Array<[string, string]> = [
    ['POST', '/api/register'],
    ['POST', '/api/login'],
    ['POST', '/api/forgot-password'],
    ['POST', '/api/reset-password'],
    ['PATCH', '/api/auth/user'],
    ['POST', '/api/auth/change-password'],
    ['POST', '/api/cards/swap'],
    ['PATCH', '/api/cards/1'],
    ['POST', '/api/transfer-collection'],
    ['POST', '/api/migrate-collection'],
    ['POST', '/api/analyze-card'],
    ['POST', '/api/intake/certs'],
  ];

  it('a bad or unknown Content-Encoding on any JSON route is a 415', async () => {
    const { client } = await registerUser(srv);
    for (const [method, path] of jsonRoutes) {
      for (const encoding of ['gzip', 'deflate', 'br', 'x-unknown', 'gzip, identity']) {
        const res = await client.request(method, path, '{"email":"a@b.co"}', { 'content-type': 'application/json', 'content-encoding': encoding });
        expect(res.status, `${method} ${path} ${encoding}`).toBe(415);
        expect(res.body.error?.code).toBe('unsupported_encoding');
      }
    }
  });

  it('a NUL byte in a text field is a 400 naming the field, and nothing is saved', async () => {
    const { client, input } = await trialUser();
    const cases: Array<[string, string, unknown]> = [
      ['POST', '/api/register', { email: 'nul@example.com', password: 'secret1', firstName: 'A\u0000', lastName: 'B' }],
      ['POST', '/api/login', { email: `${input.email}\u0000`, password: input.password }],
      ['POST', '/api/forgot-password', { email: `${input.email}\u0000` }],
      ['PATCH', '/api/auth/user', { firstName: 'Case\u0000y', lastName: 'C' }],
      ['PATCH', '/api/cards/1', { title: 'Ohtani\u0000' }],
      ['POST', '/api/transfer-collection', { collectionData: [{ slotNumber: 1, title: 'x\u0000' }] }],
    ];
    for (const [method, path, body] of cases) {
      const res = await client.request(method, path, body);
      expect(res.status, path).toBe(400);
      expect(res.body.error?.message, path).toMatch(/NUL/);
    }
    const photo = await jpegWithExif(200, 300);
    const upload = await client.request('POST', '/api/cards/2/upload', uploadForm(photo, { title: 'a\u0000b' }));
    expect(upload.status).toBe(400);
    expect((await client.get<TSlotView[]>('/api/cards')).body).toEqual([]);
    expect((await client.get('/api/user')).body).toMatchObject({ firstName: 'Casey' });
  });

  it('five sign-ups with one email at once: one 201 and four 409 email_taken', async () => {
    const body = { email: `race-${Date.now()}@example.com`, password: 'secret1', firstName: 'R', lastName: 'C' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => srv.client().post('/api/register', body)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.error?.code).toBe('email_taken');
  });
});

describe('item 11: slot numbers are read only in their canonical form', () => {
  const loose = ['0x2', '+2', '2.0', '0b10', '%202', '02', '2e0', '%2B2', '2%20'];

  async function galleryWithTwo(): Promise<TestClient> {
    const { client } = await trialUser();
    const photo = await jpegWithExif(200, 300);
    expect((await client.request('POST', '/api/cards/1/upload', uploadForm(photo, { title: 'One' }))).status).toBe(201);
    expect((await client.request('POST', '/api/cards/2/upload', uploadForm(photo, { title: 'Two' }))).status).toBe(201);
    return client;
  }

  it('in paths: 0x2, +2, 2.0, 0b10, %202 and friends are 400s for upload, edit and delete', async () => {
    const client = await galleryWithTwo();
    const before = (await client.get('/api/cards')).body;
    const photo = await jpegWithExif(200, 300);
    for (const slot of loose) {
      expect((await client.patch(`/api/cards/${slot}`, { title: 'moved' })).status, slot).toBe(400);
      expect((await client.delete(`/api/cards/${slot}`)).status, slot).toBe(400);
      expect((await client.request('POST', `/api/cards/${slot}/upload`, uploadForm(photo))).status, slot).toBe(400);
    }
    expect((await client.get('/api/cards')).body).toEqual(before);
  });

  it('in swap bodies: [2], "0x2", "2", true and 2.5 are 400s and nothing moves', async () => {
    const client = await galleryWithTwo();
    const before = (await client.get('/api/cards')).body;
    for (const toSlot of [[2], '0x2', '2', true, 2.5, '+2']) {
      const res = await client.post('/api/cards/swap', { fromSlot: 1, toSlot });
      expect(res.status, JSON.stringify(toSlot)).toBe(400);
      expect(res.body.error?.code).toBe('validation_error');
    }
    expect((await client.get('/api/cards')).body).toEqual(before);
    expect((await client.post('/api/cards/swap', { fromSlot: 1, toSlot: 2 })).status).toBe(200);
  });
});
