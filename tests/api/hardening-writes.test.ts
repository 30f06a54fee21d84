import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSlotView } from '../../core/contracts/cards.types.ts';
import { localImageStore } from '../../api/services/images/image-store.ts';
import { viewerSizesSettled } from '../../api/services/images/viewer-size.ts';
import { openDb } from '../../db/connection.ts';
import { sweepImages } from '../../api/services/images/sweep-images.ts';
import { jpegWithExif, pngImage, uploadForm } from '../fixtures/images.ts';
import { createTestDb, testDbKind, type TTestDb } from '../helpers/db.ts';
import { TestClient } from '../helpers/http.ts';
import { startServerProcess } from '../helpers/process.ts';
import { registerTrialUser, startTestServer, type TTestServer } from '../helpers/server.ts';

/**
 * docs/choices.md 43 item 2: image files are written whole or not at all, and a variant that is empty or cut
 * short (left by an older build killed mid-write) is made again from the original, never served.
 */

/** Decodes every pixel (sharp fails on a cut JPEG/WebP/PNG): throws unless the image is whole. */
async function decodes(data: Buffer): Promise<{ width: number; height: number }> {
  const { info } = await sharp(data, { failOn: 'truncated' }).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height };
}

const fetchImage = async (url: string, cookie: string) => {
  const res = await fetch(url, { headers: { cookie } });
  return { status: res.status, data: Buffer.from(await res.arrayBuffer()) };
};

describe('a cut or empty variant file is made again from the original (in-process server)', () => {
  let srv: TTestServer;
  beforeAll(async () => {
    srv = await startTestServer({ rateLimitScale: 100 });
  });
  afterAll(async () => {
    await srv?.close();
  });

  /** Uploads `image` to slot 1 of a new trial account; returns the client, the card and its folder on disk. */
  async function uploaded(image: Buffer, mime = 'image/jpeg', name = 'card.jpg') {
    const { client, user } = await registerTrialUser(srv);
    const res = await client.request<TSlotView>('POST', '/api/cards/1/upload', uploadForm(image, {}, mime, name));
    expect(res.status).toBe(201);
    await viewerSizesSettled();
    const id = res.body.imageUrl!.split('/').at(-2)!;
    return { client, card: res.body, folder: path.join(srv.dataDir, 'images', String(user.id), id) };
  }

  const cuts: Array<[string, (b: Buffer) => Buffer]> = [
    ['cut in half', (b) => b.subarray(0, b.length >> 1)],
    ['empty', () => Buffer.alloc(0)],
    ['missing its last byte', (b) => b.subarray(0, b.length - 1)],
  ];

  for (const [how, cut] of cuts) {
    it(`a viewer size ${how} is remade, served whole and kept (JPEG)`, async () => {
      const { client, card, folder } = await uploaded(await jpegWithExif(900, 1200));
      const file = path.join(folder, 'large.jpg');
      const good = await fs.readFile(file);
      await fs.writeFile(file, cut(good));
      const res = await fetchImage(srv.url + card.imageUrl, client.cookieHeader);
      expect(res.status).toBe(200);
      expect(await decodes(res.data)).toEqual(await decodes(good));
      expect(await decodes(await fs.readFile(file))).toEqual(await decodes(good));
    });
  }

  it("a cut thumbnail is remade, on the owner's wall", async () => {
    const { client, card, folder } = await uploaded(await jpegWithExif(600, 800));
    const file = path.join(folder, 'thumb.webp');
    const good = await fs.readFile(file);
    await fs.writeFile(file, good.subarray(0, good.length - 40));
    const res = await fetchImage(srv.url + card.thumbUrl, client.cookieHeader);
    expect(res.status).toBe(200);
    expect(await decodes(res.data)).toEqual(await decodes(good));
    expect(await decodes(await fs.readFile(file))).toEqual(await decodes(good));
  });

  it('a cut WebP viewer size of a PNG photo is remade', async () => {
    const { client, card, folder } = await uploaded(await pngImage(500, 700), 'image/png', 'card.png');
    const file = path.join(folder, 'large.webp');
    const good = await fs.readFile(file);
    await fs.writeFile(file, good.subarray(0, good.length >> 1));
    const res = await fetchImage(srv.url + card.imageUrl, client.cookieHeader);
    expect(res.status).toBe(200);
    expect(await decodes(res.data)).toEqual(await decodes(good));
  });
});

describe('the local store writes through a temporary file', () => {
  let root: string;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'ratio-store-'));
  });
  afterAll(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it('a reader beside a rewrite sees the old file or the new one, never a part; no temporary is left', async () => {
    const store = localImageStore(root);
    const a = Buffer.alloc(4 * 1024 * 1024, 1);
    const b = Buffer.alloc(4 * 1024 * 1024, 2);
    await store.write('7/x/large.jpg', a);
    let reads = 0;
    let writing = true;
    const reader = (async () => {
      while (writing) {
        const got = await store.read('7/x/large.jpg');
        expect(got!.length).toBe(a.length);
        expect(got!.equals(a) || got!.equals(b)).toBe(true);
        reads++;
      }
    })();
    for (let i = 0; i < 20; i++) await store.write('7/x/large.jpg', i % 2 ? a : b);
    writing = false;
    await reader;
    expect(reads).toBeGreaterThan(0);
    expect(await fs.readdir(path.join(root, '7/x'))).toEqual(['large.jpg']);
  });
});

describe('kill -9 during image writes, then a restart (`ratio serve` as its own process)', () => {
  let dataDir: string;
  let testDb: TTestDb | undefined;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ratio-kill-'));
    if (testDbKind() === 'postgres') {
      testDb = await createTestDb('postgres');
      await testDb.db.destroy();
    }
  });
  afterAll(async () => {
    await testDb?.drop().catch(() => undefined);
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('no image served after the restart is broken, and every temporary is swept', async () => {
    const env = { DATA_DIR: dataDir, SESSION_SECRET: 's'.repeat(40), ...(testDb ? { DATABASE_URL: testDb.url! } : {}) };
    const photos = await Promise.all([jpegWithExif(2400, 3200), pngImage(1600, 2200), jpegWithExif(3000, 2000)]);
    let server = await startServerProcess(env);
    const client = new TestClient(server.url);
    expect((await client.post('/api/register', { email: 'kill@example.com', password: 'a-long-password', firstName: 'Kill', lastName: 'Nine' })).status).toBe(
      201,
    );
    expect((await client.post('/api/start-free-trial')).status).toBe(200);
    const login = () => client.post('/api/login', { email: 'kill@example.com', password: 'a-long-password' });

    let slot = 1;
    for (let round = 0; round < 4; round++) {
      // Uploads in flight; the process dies just after the first answers, while the viewer sizes
      // written after their answers (and the other uploads' files) are being written.
      const sending = [0, 1, 2].map(() => {
        const s = slot++;
        const png = s % photos.length === 1;
        return client
          .request('POST', `/api/cards/${s}/upload`, uploadForm(photos[s % photos.length]!, {}, png ? 'image/png' : 'image/jpeg', png ? 'c.png' : 'c.jpg'))
          .then(
            (r) => r.status,
            () => 0,
          );
      });
      const first = await Promise.race(sending);
      expect(first).toBe(201);
      await new Promise((r) => setTimeout(r, round * 15));
      process.kill(server.pid, 'SIGKILL');
      await Promise.all(sending);
      await server.exited;
      server = await startServerProcess(env);
      (client as { baseUrl: string }).baseUrl = server.url;
      if ((await client.get('/api/user')).status !== 200) expect((await login()).status).toBe(200);
    }
    try {
      const cards = await client.get<{ cards?: TSlotView[] } | TSlotView[]>('/api/cards?limit=1000');
      expect(cards.status).toBe(200);
      const slots = (Array.isArray(cards.body) ? cards.body : (Object.values(cards.body).find(Array.isArray) as TSlotView[])).filter((s) => s.imageUrl);
      expect(slots.length).toBeGreaterThan(0);
      for (const s of slots) {
        for (const url of [s.thumbUrl!, s.imageUrl!, s.originalUrl!]) {
          const res = await fetchImage(server.url + url, client.cookieHeader);
          expect(res.status, url).toBe(200);
          await expect(decodes(res.data), url).resolves.toBeTruthy();
        }
      }
    } finally {
      await server.stop();
    }
    // Temporaries of cut writes are swept once they are older than the grace period.
    const { db, close } = await openDb(testDb ? { databaseUrl: testDb.url! } : { dataDir });
    try {
      await sweepImages({ db, images: localImageStore(path.join(dataDir, 'images')), now: new Date(Date.now() + 2 * 3600_000), apply: true });
    } finally {
      await close();
    }
    const left = (await fs.readdir(path.join(dataDir, 'images'), { recursive: true })).filter((n) => n.endsWith('.tmp'));
    expect(left).toEqual([]);
  }, 300_000);
});
