import fs from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSlotView } from '../../core/contracts/cards.types.ts';
import { jpegWithExif, pixelBomb, pngImage, uploadForm, webpImage } from '../fixtures/images.ts';
import type { TApiBody, TestClient } from '../helpers/http.ts';
import { registerTrialUser, registerUser, startTestServer, type TTestServer } from '../helpers/server.ts';

let srv: TTestServer;
let photo: Buffer;
beforeAll(async () => {
  srv = await startTestServer({ rateLimitScale: 100 });
  photo = await jpegWithExif(600, 800);
});
afterAll(async () => {
  await srv?.close();
});

const upload = (client: TestClient, slot: number | string, image = photo, fields: Record<string, string> = {}) =>
  client.request<TSlotView & TApiBody>('POST', `/api/cards/${slot}/upload`, uploadForm(image, fields));
const slots = async (client: TestClient) => (await client.request<TSlotView[]>('GET', '/api/cards')).body;

const trialUser = () => registerTrialUser(srv);

describe('upload', () => {
  it('fills a slot with the photo and fields, and serves its variants to the owner', async () => {
    const { client } = await registerUser(srv);
    const res = await upload(client, 3, photo, {
      title: '2018 Topps Chrome Shohei Ohtani',
      description: 'PSA 10 GEM MT',
      value: '$1,250',
      allTimeHigh: '1500',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      slotNumber: 3,
      isEmpty: false,
      title: '2018 Topps Chrome Shohei Ohtani',
      value: '$1,250',
      valueCents: 125000,
      allTimeHigh: '1500',
      allTimeHighCents: 150000,
    });
    const thumb = await fetch(srv.url + res.body.thumbUrl!, { headers: { cookie: client.cookieHeader } });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect(meta.width! <= 400 && meta.height! <= 560).toBe(true);
    expect((await slots(client)).map((s) => s.slotNumber)).toEqual([3]);
  });

  it('strips EXIF (GPS, camera) from every stored file; the variants are upright, the original keeps only its orientation', async () => {
    const { client } = await registerUser(srv);
    const rotated = await jpegWithExif(400, 300, 6);
    const res = await upload(client, 1, rotated);
    expect(res.status).toBe(201);
    const get = async (url: string) => Buffer.from(await (await fetch(srv.url + url, { headers: { cookie: client.cookieHeader } })).arrayBuffer());
    const original = await get(res.body.originalUrl!);
    const large = await get(res.body.imageUrl!);
    for (const file of [original, large]) {
      expect(file.includes(Buffer.from('GPS 48.8584N'))).toBe(false);
      expect(file.includes(Buffer.from('PhoneCo'))).toBe(false);
    }
    const o = await sharp(original).metadata();
    expect([o.width, o.height, o.orientation]).toEqual([400, 300, 6]);
    const upright = await sharp(original).rotate().toBuffer({ resolveWithObject: true });
    expect([upright.info.width, upright.info.height]).toEqual([300, 400]);
    const l = await sharp(large).metadata();
    expect([l.width, l.height, l.exif]).toEqual([300, 400, undefined]);
  });

  it('keeps the transparency of a PNG in its viewer size', async () => {
    const { client } = await registerUser(srv);
    const clear = await sharp({ create: { width: 200, height: 280, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const res = await upload(client, 1, clear);
    const large = await fetch(srv.url + res.body.imageUrl!, { headers: { cookie: client.cookieHeader } });
    expect(large.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await large.arrayBuffer())).metadata();
    expect(meta.hasAlpha).toBe(true);
  });

  it('accepts an iPhone HEIC photo and serves it as JPEG and WebP', async () => {
    const { client } = await registerUser(srv);
    const heic = await fs.readFile(new URL('../fixtures/slab-ohtani.heic', import.meta.url));
    const res = await client.request<TSlotView & TApiBody>('POST', '/api/cards/1/upload', uploadForm(heic, {}, 'image/heic', 'IMG_0001.HEIC'));
    expect(res.status).toBe(201);
    const original = await fetch(srv.url + res.body.originalUrl!, { headers: { cookie: client.cookieHeader } });
    expect(original.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await original.arrayBuffer())).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBeGreaterThan(100);
  });

  it('accepts PNG and WebP by content, whatever the file is called', async () => {
    const { client } = await registerUser(srv);
    expect((await client.request('POST', '/api/cards/1/upload', uploadForm(await pngImage(), {}, 'application/octet-stream', 'x.txt'))).status).toBe(201);
    expect((await client.request('POST', '/api/cards/2/upload', uploadForm(await webpImage(), {}, 'image/jpeg', 'y.jpg'))).status).toBe(201);
  });

  it.each([
    ['text named .jpg', () => Buffer.from('this is not an image at all, just text'), 400, 'invalid_image'],
    ['a decompression bomb', () => pixelBomb(), 400, 'invalid_image'],
    ['a file over 10 MB', () => Buffer.concat([photo, Buffer.alloc(10 * 1024 * 1024)]), 413, 'image_too_large'],
  ])('refuses %s and keeps the slot as it was', async (_name, make, status, code) => {
    const { client } = await registerUser(srv);
    await upload(client, 1, photo, { title: 'Keep me' });
    const res = await upload(client, 1, await make());
    expect(res.status).toBe(status);
    expect(res.body.error?.code).toBe(code);
    expect((await slots(client))[0]).toMatchObject({ slotNumber: 1, title: 'Keep me' });
  });

  it('needs an image', async () => {
    const { client } = await registerUser(srv);
    const form = new FormData();
    form.append('title', 'no image');
    const res = await client.request('POST', '/api/cards/1/upload', form);
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('image_required');
  });

  it.each([
    ['an empty image file', (f: FormData) => f.append('image', new Blob([]), 'empty.jpg'), 400, 'invalid_upload'],
    [
      'a second file',
      (f: FormData) => {
        f.append('image', new Blob([new Uint8Array(photo)]), 'a.jpg');
        f.append('image', new Blob([new Uint8Array(photo)]), 'b.jpg');
      },
      413,
      'upload_too_large',
    ],
    [
      '25 fields',
      (f: FormData) => {
        for (let i = 0; i < 25; i++) f.append(`field${i}`, 'x');
        f.append('image', new Blob([new Uint8Array(photo)]), 'a.jpg');
      },
      413,
      'upload_too_large',
    ],
    [
      'a field over 64 KB',
      (f: FormData) => {
        f.append('title', 'x'.repeat(70_000));
        f.append('image', new Blob([new Uint8Array(photo)]), 'a.jpg');
      },
      413,
      'upload_too_large',
    ],
  ])('refuses a form with %s, and the connection serves the next request', async (_name, build, status, code) => {
    const { client } = await registerUser(srv);
    const form = new FormData();
    build(form);
    const res = await client.request('POST', '/api/cards/1/upload', form);
    expect(res.status).toBe(status);
    expect(res.body.error?.code).toBe(code);
    expect(await slots(client)).toEqual([]);
    expect((await upload(client, 1, photo)).status).toBe(201);
  });

  it.each(['0', '1001', 'abc', '1.5', '-2'])('refuses slot %s with a 400', async (slot) => {
    const { client } = await registerUser(srv);
    const res = await upload(client, slot);
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('validation_error');
  });

  it('replacing the photo of a filled slot keeps its fields and drops the old photo', async () => {
    const { client } = await registerUser(srv);
    const first = await upload(client, 1, photo, { title: 'Same card', value: '10' });
    // Shown once before it is replaced (the server remembers an image it served).
    expect((await fetch(srv.url + first.body.thumbUrl!, { headers: { cookie: client.cookieHeader } })).status).toBe(200);
    const second = await upload(client, 1, await pngImage());
    expect(second.body).toMatchObject({ title: 'Same card', value: '10' });
    expect(second.body.imageUrl).not.toBe(first.body.imageUrl);
    const old = await fetch(srv.url + first.body.thumbUrl!, { headers: { cookie: client.cookieHeader } });
    expect(old.status).toBe(404);
  });
});

describe('tier limits (docs/choices.md 2–3)', () => {
  it('a free user fills slots 1–10 and is refused slot 11 with requiresUpgrade', async () => {
    const { client } = await registerUser(srv);
    expect((await upload(client, 10)).status).toBe(201);
    const res = await upload(client, 11);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'upgrade_required', requiresUpgrade: true });
    const swap = await client.post('/api/cards/swap', { fromSlot: 10, toSlot: 11 });
    expect(swap.status).toBe(403);
    expect(swap.body.error?.requiresUpgrade).toBe(true);
  });

  it('a trial user reaches slot 1000; the trial starts once', async () => {
    const { client } = await trialUser();
    expect((await upload(client, 1000)).status).toBe(201);
    const again = await client.post('/api/start-free-trial');
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe('trial_used');
  });

  it('after the trial ends the gallery is view-only, and every write is refused', async () => {
    const { client } = await trialUser();
    await upload(client, 1, photo, { title: 'Mine' });
    await upload(client, 12, photo);
    srv.advance(8 * 24 * 3600 * 1000);
    try {
      const me = await client.get('/api/user');
      expect(me.body).toMatchObject({ accountStatus: 'trial_expired', canEdit: false, isTrialActive: false });
      for (const res of [
        await upload(client, 2),
        await client.patch('/api/cards/1', { title: 'Changed' }),
        await client.delete('/api/cards/1'),
        await client.post('/api/cards/swap', { fromSlot: 1, toSlot: 2 }),
        await client.post('/api/transfer-collection', { collectionData: [{ slotNumber: 3, imageUrl: '', title: 'x' }] }),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.error?.requiresUpgrade).toBe(true);
      }
      expect((await slots(client)).map((s) => [s.slotNumber, s.title])).toEqual([
        [1, 'Mine'],
        [12, ''],
      ]);
    } finally {
      srv.advance(-8 * 24 * 3600 * 1000);
    }
  });
});

describe('edit, values and delete', () => {
  it('edits fields; the all-time high is the larger of the entered one and the highest recorded value', async () => {
    const { client } = await registerUser(srv);
    await upload(client, 1, photo, { value: '$100' });
    await client.patch('/api/cards/1', { value: '$2,000.50' });
    const res = await client.patch('/api/cards/1', { value: '150', title: 'Edited', description: 'BGS 9.5' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Edited',
      description: 'BGS 9.5',
      value: '150',
      valueCents: 15000,
      allTimeHigh: '$2,000.50',
      allTimeHighCents: 200050,
    });
    const entered = await client.patch('/api/cards/1', { allTimeHigh: '$5,000' });
    expect(entered.body).toMatchObject({ allTimeHigh: '$5,000', allTimeHighCents: 500000 });
    const unparseable = await client.patch('/api/cards/1', { value: 'priceless' });
    expect(unparseable.body).toMatchObject({ value: 'priceless', valueCents: null });
  });

  it('editing an empty slot is a 404; bad fields are 400s', async () => {
    const { client } = await registerUser(srv);
    expect((await client.patch('/api/cards/4', { title: 'x' })).status).toBe(404);
    await upload(client, 4);
    expect((await client.patch('/api/cards/4', { title: 42 })).status).toBe(400);
    expect((await client.patch('/api/cards/4', { title: 'x'.repeat(201) })).status).toBe(400);
  });

  it('delete empties the slot and removes the photo; deleting again is harmless', async () => {
    const { client } = await registerUser(srv);
    const card = await upload(client, 2);
    for (const url of [card.body.thumbUrl!, card.body.imageUrl!]) {
      expect((await fetch(srv.url + url, { headers: { cookie: client.cookieHeader } })).status).toBe(200);
    }
    const del = await client.delete('/api/cards/2');
    expect(del.status).toBe(200);
    expect(del.body).toMatchObject({ slotNumber: 2, isEmpty: true, imageUrl: null });
    expect(await slots(client)).toEqual([]);
    for (const url of [card.body.thumbUrl!, card.body.imageUrl!]) {
      expect((await fetch(srv.url + url, { headers: { cookie: client.cookieHeader } })).status).toBe(404);
    }
    expect((await client.delete('/api/cards/2')).status).toBe(200);
  });
});

describe('swap', () => {
  it('swaps two cards, or moves a card to an empty slot', async () => {
    const { client } = await trialUser();
    await upload(client, 1, photo, { title: 'A' });
    await upload(client, 2, photo, { title: 'B' });
    const res = await client.post<TSlotView[] & TApiBody>('/api/cards/swap', { fromSlot: 1, toSlot: 2 });
    expect(res.status).toBe(200);
    expect(res.body.map((s) => [s.slotNumber, s.title])).toEqual([
      [1, 'B'],
      [2, 'A'],
    ]);
    await client.post('/api/cards/swap', { fromSlot: 2, toSlot: 7 });
    expect((await slots(client)).map((s) => [s.slotNumber, s.title])).toEqual([
      [1, 'B'],
      [7, 'A'],
    ]);
  });

  it('refuses the same slot, two empty slots and bad numbers', async () => {
    const { client } = await trialUser();
    expect((await client.post('/api/cards/swap', { fromSlot: 3, toSlot: 3 })).status).toBe(400);
    expect((await client.post('/api/cards/swap', { fromSlot: 3, toSlot: 4 })).body.error?.code).toBe('empty_slots');
    expect((await client.post('/api/cards/swap', { fromSlot: 'x', toSlot: 4 })).status).toBe(400);
    expect((await client.post('/api/cards/swap', {})).status).toBe(400);
  });

  it('stays consistent under concurrent swaps: no card lost or doubled', async () => {
    const { client } = await trialUser();
    for (const n of [1, 2, 3, 4]) await upload(client, n, photo, { title: `card-${n}` });
    const pairs = Array.from({ length: 24 }, (_, i) => ({ fromSlot: (i % 4) + 1, toSlot: ((i + 1 + (i % 3)) % 5) + 1 })).filter((p) => p.fromSlot !== p.toSlot);
    const results = await Promise.all(pairs.map((p) => client.post('/api/cards/swap', p)));
    for (const r of results) expect([200, 400]).toContain(r.status);
    const after = await slots(client);
    expect(after.map((s) => s.title).sort()).toEqual(['card-1', 'card-2', 'card-3', 'card-4']);
    expect(new Set(after.map((s) => s.slotNumber)).size).toBe(4);
    expect(after.every((s) => s.slotNumber >= 1 && s.slotNumber <= 5)).toBe(true);
  });
});

describe('GET /api/cards caching', () => {
  it('answers gzip with an ETag, 304 when unchanged, and a fresh answer after every kind of write', async () => {
    const { client } = await trialUser();
    const read = async (headers: Record<string, string> = {}) => {
      const res = await fetch(`${srv.url}/api/cards`, { headers: { cookie: client.cookieHeader, 'accept-encoding': 'gzip', ...headers } });
      return {
        status: res.status,
        etag: res.headers.get('etag'),
        encoding: res.headers.get('content-encoding'),
        body: res.status === 200 ? ((await res.json()) as TSlotView[]) : null,
      };
    };
    const first = await read();
    expect(first).toMatchObject({ status: 200, encoding: 'gzip', body: [] });
    expect(await read({ 'accept-encoding': 'identity' })).toMatchObject({ status: 200, encoding: null, body: [] });
    expect((await read({ 'if-none-match': first.etag! })).status).toBe(304);

    const titles = async () => (await read()).body!.map((c) => `${c.slotNumber}:${c.title}`);
    await upload(client, 1, photo, { title: 'A' });
    expect(await titles()).toEqual(['1:A']);
    expect((await read({ 'accept-encoding': 'identity' })).body!.map((c) => c.title)).toEqual(['A']);
    expect((await read({ 'if-none-match': first.etag! })).status).toBe(200);
    await client.patch('/api/cards/1', { title: 'B' });
    expect(await titles()).toEqual(['1:B']);
    await client.post('/api/cards/swap', { fromSlot: 1, toSlot: 5 });
    expect(await titles()).toEqual(['5:B']);
    await client.post('/api/transfer-collection', { collectionData: [{ slotNumber: 2, imageUrl: '', title: 'T' }] });
    expect(await titles()).toEqual(['2:T', '5:B']);
    await client.delete('/api/cards/5');
    expect(await titles()).toEqual(['2:T']);
    // A refused write changes nothing and the cached answer stays right.
    await client.post('/api/cards/swap', { fromSlot: 3, toSlot: 4 });
    expect(await titles()).toEqual(['2:T']);
  });

  it('sees a write made by another process (another app on the same database)', async () => {
    const { client, user } = await trialUser();
    await upload(client, 1, photo, { title: 'Before' });
    expect((await client.get('/api/cards')).body).toMatchObject([{ title: 'Before' }]);
    // Another process's write: straight to the database, through the same transaction rule.
    const { lockUser } = await import('../../api/services/accounts/lock-user.ts');
    await srv.deps.db.transaction(async (trx) => {
      await lockUser(trx, (user as { id: number }).id);
      await trx('card_slots')
        .where({ userId: (user as { id: number }).id, slotNumber: 1 })
        .update({ title: 'After' });
    });
    expect((await client.get('/api/cards')).body).toMatchObject([{ title: 'After' }]);
  });
});
