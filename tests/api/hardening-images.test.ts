import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../api/env.ts';
import { createLogger } from '../../api/logger.ts';
import type { TSlotView } from '../../core/contracts/cards.types.ts';
import { startServer } from '../../api/server.ts';
import { processImage } from '../../api/services/images/process-image.ts';
import { writeImageFiles } from '../../api/services/images/save-card-image.ts';
import { describeSweep, runImagesSweep } from '../../cli/commands/images.ts';
import { createDb } from '../../db/connection.ts';
import { dataUrl, jpegWithExif, uploadForm } from '../fixtures/images.ts';
import { fakeSiteDir } from '../helpers/fake-site.ts';
import type { TestClient } from '../helpers/http.ts';
import { registerTrialUser, registerUser, startTestServer, type TTestServer } from '../helpers/server.ts';

/** docs/choices.md 20 (what the stored original keeps), 21 (temp files), 22 (transfer limits first), 26 (sweep). */

let srv: TTestServer;
beforeAll(async () => {
  srv = await startTestServer({ rateLimitScale: 100 });
});
afterAll(async () => {
  await srv?.close();
});

const GPS = 'GPS 48.8584N 2.2945E';

const trialUser = () => registerTrialUser(srv);

async function storedOriginal(client: TestClient, image: Buffer): Promise<Buffer> {
  const res = await client.request<TSlotView>('POST', '/api/cards/1/upload', uploadForm(image));
  expect(res.status).toBe(201);
  const file = await fetch(srv.url + res.body.originalUrl!, { headers: { cookie: client.cookieHeader } });
  return Buffer.from(await file.arrayBuffer());
}

describe('item 6: the stored original keeps only the image, up to its end', () => {
  it('drops a second picture with GPS (as phones append) and bytes after the end marker', async () => {
    const { client } = await trialUser();
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#246' } })
      .jpeg()
      .toBuffer();
    const appended = Buffer.concat([photo, await jpegWithExif(64, 64), Buffer.from('<html><script>alert(1)</script></html>')]);
    const original = await storedOriginal(client, appended);
    expect(original.includes(Buffer.from(GPS))).toBe(false);
    expect(original.includes(Buffer.from('<script>'))).toBe(false);
    expect(original.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
    expect(original.length).toBeLessThanOrEqual(photo.length);
    expect((await sharp(original).metadata()).width).toBe(320);
  });

  it('drops metadata that sits between the scans of a progressive JPEG, and keeps its pixels', async () => {
    const { client } = await trialUser();
    const photo = await sharp({ create: { width: 160, height: 120, channels: 3, background: '#a52' } })
      .jpeg({ progressive: true })
      .toBuffer();
    const firstScan = photo.indexOf(Buffer.from([0xff, 0xda]));
    const secondScan = photo.indexOf(Buffer.from([0xff, 0xda]), firstScan + 2);
    expect(secondScan).toBeGreaterThan(firstScan);
    const payload = Buffer.from(`Exif\0\0${GPS}`, 'latin1');
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]), payload]);
    const hidden = Buffer.concat([photo.subarray(0, secondScan), app1, photo.subarray(secondScan)]);
    const original = await storedOriginal(client, hidden);
    expect(original.includes(Buffer.from(GPS))).toBe(false);
    const [a, b] = await Promise.all([sharp(original).raw().toBuffer(), sharp(photo).raw().toBuffer()]);
    expect(a.equals(b)).toBe(true);
  });
});

describe('item 7: a refused upload leaves no file behind', () => {
  /** Files under `dirs` written since `since` that contain `marker`. */
  async function filesHolding(marker: Buffer, since: number, dirs: string[]): Promise<string[]> {
    const found: string[] = [];
    for (const dir of dirs) {
      const names = await fs.readdir(dir, { recursive: true }).catch(() => [] as string[]);
      for (const name of names) {
        const file = path.join(dir, name);
        const stat = await fs.stat(file).catch(() => null);
        if (!stat?.isFile() || stat.mtimeMs < since - 1000 || stat.size > 12 * 1024 * 1024) continue;
        const data = await fs.readFile(file).catch(() => null);
        if (data?.includes(marker)) found.push(file);
      }
    }
    return found;
  }

  it('bad slot, too many fields, a field over 64 KB, a second file, a slot past the tier, not an image', async () => {
    const since = Date.now();
    const { client } = await registerUser(srv);
    const marker = randomBytes(24);
    const photo = Buffer.concat([await jpegWithExif(200, 300), marker]);
    const file = () => new Blob([new Uint8Array(photo)], { type: 'image/jpeg' });
    const forms: Array<[string, FormData, number]> = [];
    const form = (slot: string, status: number, build: (f: FormData) => void) => {
      const f = new FormData();
      build(f);
      forms.push([slot, f, status]);
    };
    form('0x2', 400, (f) => f.append('image', file(), 'a.jpg'));
    form('2', 413, (f) => {
      for (let i = 0; i < 25; i++) f.append(`field${i}`, 'x');
      f.append('image', file(), 'a.jpg');
    });
    form('2', 413, (f) => {
      f.append('image', file(), 'a.jpg');
      f.append('title', 'x'.repeat(70_000));
    });
    form('2', 413, (f) => {
      f.append('image', file(), 'a.jpg');
      f.append('image', file(), 'b.jpg');
    });
    form('11', 403, (f) => f.append('image', file(), 'a.jpg'));
    form('2', 400, (f) => f.append('image', new Blob([Buffer.concat([Buffer.from('not an image'), marker])]), 'a.jpg'));
    for (const [slot, body, status] of forms) {
      const res = await client.request('POST', `/api/cards/${slot}/upload`, body);
      expect(res.status, `slot ${slot}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `slot ${slot}`).toBeLessThan(500);
      if (status !== 413) expect(res.status).toBe(status);
    }
    expect(await filesHolding(marker, since, [os.tmpdir(), srv.dataDir])).toEqual([]);
  });
});

describe('item 8: a transfer checks counts and limits before decoding any image', () => {
  it('a free account sending 12 photos of 49 MP is refused at once, before any is decoded', async () => {
    const { client } = await registerUser(srv);
    const huge = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#333' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const url = dataUrl(huge, 'image/png');
    const started = process.cpuUsage();
    await processImage(huge);
    const oneDecode = process.cpuUsage(started);

    const cards = Array.from({ length: 12 }, (_, i) => ({ slotNumber: i + 1, imageUrl: url, title: `Card ${i}` }));
    const before = process.cpuUsage();
    const res = await client.post('/api/transfer-collection', { collectionData: cards });
    const spent = process.cpuUsage(before);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'upgrade_required', requiresUpgrade: true });
    expect(spent.user + spent.system).toBeLessThan(oneDecode.user + oneDecode.system);
    expect((await client.get<TSlotView[]>('/api/cards')).body).toEqual([]);
  });
});

describe('item 12: orphaned image folders are swept', () => {
  it('`ratio images sweep` lists, then removes, folders no row names; recent ones and cards stay', async () => {
    const { client, user } = await trialUser();
    const card = await client.request<TSlotView>('POST', '/api/cards/1/upload', uploadForm(await jpegWithExif(200, 300)));
    expect(card.status).toBe(201);
    const processed = await processImage(await jpegWithExif(120, 160));
    // A process killed after writing an upload's files, before its row committed: two hours ago.
    const orphan = await writeImageFiles(srv.deps.images, user.id, processed);
    const root = path.join(srv.dataDir, 'images');
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const f of await fs.readdir(path.join(root, String(user.id), orphan))) await fs.utimes(path.join(root, String(user.id), orphan, f), old, old);
    // An upload in flight right now: files written, row not yet committed.
    const inFlight = await writeImageFiles(srv.deps.images, user.id, processed);
    await fs.writeFile(path.join(root, 'notes.txt'), 'not an image folder');

    const dry = await runImagesSweep(srv.deps.db, srv.deps.images, {});
    expect(dry.orphans.map((o) => o.folder)).toEqual([`${user.id}/${orphan}`]);
    expect([dry.young, dry.unknown, dry.applied]).toEqual([1, 1, false]);
    expect(describeSweep(dry).join('\n')).toMatch(/Would remove 1 orphaned image folder[\s\S]*--apply/);
    expect(await fs.readdir(path.join(root, String(user.id)))).toContain(orphan);

    const applied = await runImagesSweep(srv.deps.db, srv.deps.images, { apply: true });
    expect(applied.orphans).toHaveLength(1);
    const left = await fs.readdir(path.join(root, String(user.id)));
    expect(left).not.toContain(orphan);
    expect(left).toContain(inFlight);
    expect((await fetch(srv.url + card.body.thumbUrl!, { headers: { cookie: client.cookieHeader } })).status).toBe(200);
    expect((await runImagesSweep(srv.deps.db, srv.deps.images, { apply: true })).orphans).toEqual([]);
  });

  it('the server sweeps at start-up', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ratio-sweep-'));
    const siteDir = await fakeSiteDir();
    const folder = path.join(dataDir, 'images', '7', '0b9e3c4e-5a55-4b43-9d0f-0a1b2c3d4e5f');
    await fs.mkdir(folder, { recursive: true });
    await fs.writeFile(path.join(folder, 'thumb.webp'), 'left by a killed upload');
    const old = new Date(Date.now() - 3 * 60 * 60 * 1000);
    await fs.utimes(path.join(folder, 'thumb.webp'), old, old);
    const env = parseEnv({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const running = await startServer(env, { siteDir, deps: { db: createDb({ inMemory: true }), log: createLogger('silent') } });
    try {
      await running.close();
      await expect(fs.access(folder)).rejects.toThrow();
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
      await fs.rm(siteDir, { recursive: true, force: true });
    }
  });
});
