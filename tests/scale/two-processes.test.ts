import { randomInt } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../api/env.ts';
import { createS3Client } from '../../api/services/images/s3-image-store.ts';
import type { TSlotView } from '../../core/contracts/cards.types.ts';
import { jpegWithExif, uploadForm } from '../fixtures/images.ts';
import { createTestDb, type TTestDb } from '../helpers/db.ts';
import { TestClient } from '../helpers/http.ts';
import { runRatio, startServerProcess, type TServerProcess } from '../helpers/process.ts';
import { reachRedis, startLocalS3, type TLocalS3 } from '../helpers/scale.ts';

/**
 * docs/choices.md 33: two API processes (`ratio serve`) on one PostgreSQL database, photos in a local
 * S3-compatible server (s3rver), limits in Redis. Each process has its own DATA_DIR: nothing is
 * shared through the local disk.
 */
let testDb: TTestDb;
let s3: TLocalS3;
let redis: { url: string; close(): Promise<void> };
let shared: Record<string, string>;
let a: TServerProcess;
let b: TServerProcess;
let db: Knex;
const dirs: string[] = [];
// Each run uses its own client address (behind a trusted proxy): Redis is the machine's, and
// counts of earlier runs must not meet this one's.
const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const password = 'a-long-password';

const serverEnv = async () => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ratio-scale-'));
  dirs.push(dir);
  return { ...shared, DATA_DIR: dir };
};
const clientOf = (server: TServerProcess, cookies?: TestClient, from = address) => {
  const client = new TestClient(server.url);
  client.headers['X-Forwarded-For'] = from;
  if (cookies?.cookie('ratio_session')) client.setCookie('ratio_session', cookies.cookie('ratio_session')!);
  return client;
};
let users = 0;
const register = async (server: TServerProcess) => {
  const client = clientOf(server);
  const email = `scale${++users}-${Date.now()}@example.com`;
  const res = await client.post('/api/register', { email, password, firstName: 'Sam', lastName: 'Scale' });
  expect(res.status).toBe(201);
  return { client, email };
};

beforeAll(async () => {
  [testDb, s3, redis] = await Promise.all([createTestDb('postgres'), startLocalS3(), reachRedis()]);
  db = testDb.db;
  shared = {
    ...s3.env,
    DATABASE_URL: testDb.url!,
    REDIS_URL: redis.url,
    SESSION_SECRET: 's'.repeat(40),
    TRUST_PROXY: 'true',
  };
  [a, b] = await Promise.all([serverEnv().then(startServerProcess), serverEnv().then(startServerProcess)]);
}, 120_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await testDb?.drop().catch(() => undefined);
  await s3?.close();
  await redis?.close();
  await Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true })));
});

/** Every object key in the bucket. */
const objectKeys = async () => {
  const client = createS3Client(parseEnv(s3.env) as Parameters<typeof createS3Client>[0]);
  const res = await client.send(new ListObjectsV2Command({ Bucket: s3.env.S3_BUCKET }));
  return (res.Contents ?? []).map((o) => o.Key!);
};

describe('two API processes on one PostgreSQL, photos in S3, limits in Redis', () => {
  it('a card uploaded through A is served by B, from the bucket', async () => {
    const { client } = await register(a);
    const up = await client.request<TSlotView>('POST', '/api/cards/1/upload', uploadForm(await jpegWithExif(600, 800), { title: 'Uploaded on A' }));
    expect(up.status).toBe(201);
    const onB = clientOf(b, client);
    const cards = await onB.get<TSlotView[]>('/api/cards');
    expect(cards.body.map((c) => c.title)).toEqual(['Uploaded on A']);
    const thumb = await fetch(b.url + up.body.thumbUrl!, { headers: { cookie: onB.cookieHeader } });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    expect((await thumb.arrayBuffer()).byteLength).toBeGreaterThan(100);
    const keys = await objectKeys();
    const imageId = up.body.thumbUrl!.split('/')[3]!;
    expect(keys.filter((k) => k.includes(imageId)).length).toBe(3);
    // Nothing of it on either process's disk.
    for (const dir of dirs) expect(await fs.readdir(path.join(dir, 'images')).catch(() => [])).toEqual([]);
    // Another user asking B for it gets the same 404 as for no image at all.
    const stranger = await register(b);
    expect((await fetch(b.url + up.body.thumbUrl!, { headers: { cookie: stranger.client.cookieHeader } })).status).toBe(404);
  });

  it('a logout or a password change through A is refused by B at its next request, every time', async () => {
    const { client, email } = await register(a);
    for (let i = 0; i < 5; i++) {
      const onA = clientOf(a);
      expect((await onA.post('/api/login', { email, password })).status).toBe(200);
      const onB = clientOf(b, onA);
      expect((await onB.get('/api/cards')).status).toBe(200);
      expect((await onB.get('/api/cards')).status).toBe(200);
      expect((await onA.post('/api/logout')).status).toBeLessThan(300);
      expect((await onB.get('/api/cards')).status).toBe(401);
    }
    // A password change through A ends every other session of the account, on B too.
    const other = clientOf(b);
    expect((await other.post('/api/login', { email, password })).status).toBe(200);
    expect((await other.get('/api/cards')).status).toBe(200);
    expect((await client.post('/api/auth/change-password', { currentPassword: password, newPassword: 'another-long-password' })).status).toBe(200);
    expect((await other.get('/api/cards')).status).toBe(401);
    expect((await clientOf(b, client).get('/api/cards')).status).toBe(200);
  });

  it("a card edit through A shows in B's gallery at once, every time", async () => {
    const { client } = await register(a);
    const up = await client.request('POST', '/api/cards/2/upload', uploadForm(await jpegWithExif(300, 400), { title: 'Edit 0' }));
    expect(up.status).toBe(201);
    const onB = clientOf(b, client);
    for (let i = 1; i <= 5; i++) {
      expect((await onB.get<TSlotView[]>('/api/cards')).body[0]!.title).toBe(`Edit ${i - 1}`);
      expect((await client.patch('/api/cards/2', { title: `Edit ${i}` })).status).toBe(200);
      expect((await onB.get<TSlotView[]>('/api/cards')).body[0]!.title).toBe(`Edit ${i}`);
    }
  });

  it('a rate limit counts the requests of both processes together', async () => {
    // Sign-in allows 30 attempts per address in 15 minutes, counted before the body is read:
    // 15 through each process spend it; the next one, on either, is refused.
    const from = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
    for (let i = 0; i < 30; i++) {
      const res = await clientOf(i % 2 ? b : a, undefined, from).post('/api/login', {});
      expect(res.status).toBe(400);
    }
    for (const server of [a, b]) {
      const res = await clientOf(server, undefined, from).post('/api/login', {});
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject({ error: { code: 'rate_limited' } });
    }
  });

  it('killing a process mid-upload leaves no row naming a missing object; the sweep removes what it wrote', async () => {
    const env = await serverEnv();
    const c = await startServerProcess(env);
    const { client } = await register(c);
    const pid = Number(await fs.readFile(path.join(env.DATA_DIR, 'ratio.pid'), 'utf8'));
    // SIGKILL as the first object of the upload lands in the bucket: its row is not committed yet.
    const killed = new Promise<void>((resolve) => {
      const onEvent = (e: { Records: Array<{ eventName: string; s3: { object: { key: string } } }> }) => {
        if (!e.Records[0]?.eventName.startsWith('ObjectCreated')) return;
        s3.server.off('event', onEvent);
        process.kill(pid, 'SIGKILL');
        resolve();
      };
      s3.server.on('event', onEvent);
    });
    const upload = client.request('POST', '/api/cards/1/upload', uploadForm(await jpegWithExif(1600, 2000))).catch(() => null);
    await killed;
    expect(await upload).toBeNull(); // the connection died with the process
    await c.stop().catch(() => undefined);

    const assertRowsComplete = async () => {
      const keys = new Set(await objectKeys());
      const rows = await db('card_images').select('id', 'user_id as userId');
      for (const row of rows as Array<{ id: string; userId: number }>) {
        expect([...keys].filter((k) => k.startsWith(`${row.userId}/${row.id}/`)).length).toBe(3);
      }
      return keys;
    };
    const before = await assertRowsComplete();
    const newest = (await db('users').max('id as id').first()) as { id: number };
    const orphaned = [...before].filter((k) => k.startsWith(`${newest.id}/`));
    expect(orphaned.length).toBeGreaterThan(0);

    const sweep = await runRatio(['images', 'sweep', '--apply', '--grace-minutes', '0'], { env: { ...env, LOG_LEVEL: 'silent' } });
    expect(sweep.stderr).toBe('');
    expect(sweep.stdout).toContain('Removed 1 orphaned image folder(s)');
    const after = await assertRowsComplete();
    for (const key of orphaned) expect(after.has(key)).toBe(false);
  }, 60_000);
});

describe('GET /api/health and graceful shutdown', () => {
  it('answers ok with database and storage, and a request in flight at SIGTERM still completes', async () => {
    const env = await serverEnv();
    const c = await startServerProcess(env);
    expect(await (await fetch(`${c.url}/api/health`)).json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok' });
    const { client } = await register(c);
    // An upload whose body arrives slowly: half of it, then SIGTERM, then the rest.
    const form = new Request('http://x', { method: 'POST', body: uploadForm(await jpegWithExif(400, 500)) });
    const body = Buffer.from(await form.arrayBuffer());
    let sendRest!: () => void;
    const rest = new Promise<void>((resolve) => {
      sendRest = resolve;
    });
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(body.subarray(0, body.length >> 1));
        await rest;
        controller.enqueue(body.subarray(body.length >> 1));
        controller.close();
      },
    });
    const upload = fetch(`${c.url}/api/cards/1/upload`, {
      method: 'POST',
      body: stream,
      duplex: 'half',
      headers: { cookie: client.cookieHeader, 'content-type': form.headers.get('content-type')!, 'X-Forwarded-For': address },
    } as RequestInit);
    await new Promise((r) => setTimeout(r, 300));
    const stopped = c.stop();
    await new Promise((r) => setTimeout(r, 300));
    sendRest();
    expect((await upload).status).toBe(201);
    await stopped;
    await expect(fetch(`${c.url}/api/health`)).rejects.toThrow();
  }, 60_000);
});
