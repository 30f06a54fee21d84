/**
 * docs/choices.md 34 on the API side: the first page of a wall (GET /api/cards?limit=N), and the viewer
 * size, which an upload stores after answering: the image route must answer for it all the same.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSlotView } from '../../core/contracts/cards.types.ts';
import { variantKey } from '../../api/services/images/save-card-image.ts';
import { viewerSizesSettled } from '../../api/services/images/viewer-size.ts';
import { jpegWithExif, uploadForm } from '../fixtures/images.ts';
import type { TApiBody, TestClient } from '../helpers/http.ts';
import { registerTrialUser, startTestServer, type TTestServer } from '../helpers/server.ts';

let srv: TTestServer;
let photo: Buffer;
beforeAll(async () => {
  srv = await startTestServer({ rateLimitScale: 100 });
  photo = await jpegWithExif(1800, 2400, 6);
});
afterAll(async () => {
  await srv?.close();
});

const upload = (client: TestClient, slot: number, fields: Record<string, string> = {}) =>
  client.request<TSlotView & TApiBody>('POST', `/api/cards/${slot}/upload`, uploadForm(photo, fields));
const get = (client: TestClient, path: string, headers: Record<string, string> = {}) =>
  fetch(srv.url + path, { headers: { cookie: client.cookieHeader, ...headers } });

describe('GET /api/cards?limit=N', () => {
  it('answers the first N filled slots in slot order, cached per version like the whole wall', async () => {
    const { client } = await registerTrialUser(srv);
    for (const slot of [7, 2, 30, 5]) expect((await upload(client, slot, { title: `Card ${slot}` })).status).toBe(201);
    const page = async (query: string, headers: Record<string, string> = {}) => {
      const res = await get(client, `/api/cards${query}`, { 'accept-encoding': 'gzip', ...headers });
      return {
        status: res.status,
        etag: res.headers.get('etag'),
        slots: res.status === 200 ? ((await res.json()) as TSlotView[]).map((s) => s.slotNumber) : null,
      };
    };

    const two = await page('?limit=2');
    expect(two).toMatchObject({ status: 200, slots: [2, 5] });
    expect((await page('?limit=3')).slots).toEqual([2, 5, 7]);
    expect((await page('?limit=60')).slots).toEqual([2, 5, 7, 30]);
    const all = await page('');
    expect(all.slots).toEqual([2, 5, 7, 30]);
    // Each answer has its own tag: a page's never validates the whole wall or another page.
    expect(new Set([two.etag, all.etag, (await page('?limit=3')).etag]).size).toBe(3);
    expect((await page('?limit=2', { 'if-none-match': two.etag! })).status).toBe(304);
    expect((await page('', { 'if-none-match': two.etag! })).status).toBe(200);

    // A write makes every cached answer of the user stale at once.
    await client.delete('/api/cards/2');
    expect((await page('?limit=2', { 'if-none-match': two.etag! })).slots).toEqual([5, 7]);
    await client.post('/api/cards/swap', { fromSlot: 30, toSlot: 1 });
    expect((await page('?limit=2')).slots).toEqual([1, 5]);
    expect((await page('')).slots).toEqual([1, 5, 7]);
  });

  it('refuses a limit that is not a whole number from 1 to 1000 with a 400 naming it', async () => {
    const { client } = await registerTrialUser(srv);
    for (const query of ['?limit=0', '?limit=1001', '?limit=abc', '?limit=02', '?limit=-1', '?limit=1.5', '?limit=', '?limit=5&limit=6']) {
      const res = await client.request('GET', `/api/cards${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error, query).toMatchObject({ code: 'validation_error' });
      expect(res.body.error!.message, query).toMatch(/limit/);
    }
    expect((await client.request('GET', '/api/cards?limit=1000')).status).toBe(200);
  });
});

describe('the viewer size after the answer', () => {
  it('is served right after the upload answers, upright and at most 1600 px, and stored', async () => {
    const { client, user } = await registerTrialUser(srv);
    const res = await upload(client, 1);
    expect(res.status).toBe(201);
    const large = await get(client, res.body.imageUrl!);
    expect(large.status).toBe(200);
    expect(large.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await large.arrayBuffer())).metadata();
    // 1800x2400 turned a quarter by its EXIF orientation: 2400x1800 upright, sized to 1600x1200.
    expect([meta.width, meta.height, meta.exif]).toEqual([1600, 1200, undefined]);
    await viewerSizesSettled();
    const id = res.body.imageUrl!.split('/')[3]!;
    expect(await srv.deps.images.read(variantKey({ id, userId: (user as { id: number }).id, mime: 'image/jpeg' }, 'large'))).not.toBeNull();
  });

  it('is made again from the original when its file is missing (a process stopped before writing it)', async () => {
    const { client, user } = await registerTrialUser(srv);
    const res = await upload(client, 1);
    await viewerSizesSettled();
    const image = { id: res.body.imageUrl!.split('/')[3]!, userId: (user as { id: number }).id, mime: 'image/jpeg' };
    const before = await srv.deps.images.read(variantKey(image, 'large'));
    await srv.deps.images.removePrefix(variantKey(image, 'large'));
    expect(await srv.deps.images.read(variantKey(image, 'large'))).toBeNull();

    const [a, b] = await Promise.all([get(client, res.body.imageUrl!), get(client, res.body.imageUrl!)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const served = Buffer.from(await a.arrayBuffer());
    expect((await sharp(served).metadata()).width).toBe(1600);
    expect(served.equals(before!)).toBe(true);
    expect((await srv.deps.images.read(variantKey(image, 'large')))?.equals(before!)).toBe(true);
  });

  it('never outlives its card: a card deleted at once leaves no file behind', async () => {
    const { client } = await registerTrialUser(srv);
    const res = await upload(client, 4);
    expect((await client.delete('/api/cards/4')).status).toBe(200);
    await viewerSizesSettled();
    const id = res.body.imageUrl!.split('/')[3]!;
    const files: string[] = [];
    for await (const file of srv.deps.images.list()) if (file.key.includes(id)) files.push(file.key);
    expect(files).toEqual([]);
    expect((await get(client, res.body.imageUrl!)).status).toBe(404);
  });
});
