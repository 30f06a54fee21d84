import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSlotView } from '../../core/contracts/cards.types.ts';
import { toGalleryCards } from '../../core/transfer.ts';
import { dataUrl, jpegWithExif, uploadForm } from '../fixtures/images.ts';
import { registerUser, startTestServer, type TTestServer } from '../helpers/server.ts';

let srv: TTestServer;
let image: string;
beforeAll(async () => {
  srv = await startTestServer({ rateLimitScale: 100 });
  image = dataUrl(await jpegWithExif(320, 448));
});
afterAll(async () => {
  await srv?.close();
});

const anonymous = () => [
  {
    id: 'a1',
    image,
    player: 'Shohei Ohtani',
    year: '2018',
    brand: 'Topps Chrome',
    condition: 'PSA 10 GEM MT',
    userValue: '$1,250',
    userNotes: '',
    addedAt: '2026-11-20T10:00:00Z',
  },
  {
    id: 'a2',
    image,
    player: 'Luka Doncic',
    year: '2018',
    brand: 'Panini Prizm',
    condition: 'BGS 9.5',
    userValue: '400',
    userNotes: 'nice',
    addedAt: '2026-11-20T10:01:00Z',
  },
  { id: 'a3', image: '', player: '', year: '', brand: '', condition: '', userValue: '', userNotes: '', addedAt: '2026-11-20T10:02:00Z' },
];

describe('transfer-collection', () => {
  it('moves the anonymous cards into slots 1..n titled and described by the one rule (docs/choices.md 48)', async () => {
    const { client } = await registerUser(srv);
    const res = await client.post('/api/transfer-collection', { collectionData: toGalleryCards(anonymous()) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ transferred: 3, skipped: 0 });
    const cards = (await client.request<TSlotView[]>('GET', '/api/cards')).body;
    expect(cards.map((c) => [c.slotNumber, c.title, c.description, c.value])).toEqual([
      [1, '2018 Topps Chrome Shohei Ohtani', 'PSA 10 GEM MT', '$1,250'],
      [2, '2018 Panini Prizm Luka Doncic', 'BGS 9.5 GEM MINT', '400'],
      [3, 'Unknown Card', '', null],
    ]);
    expect(cards[0]!.thumbUrl).toMatch(/^\/api\/images\//);
    expect(cards[2]!.imageUrl).toBeNull();
    const thumb = await fetch(srv.url + cards[0]!.thumbUrl!, { headers: { cookie: client.cookieHeader } });
    expect(thumb.status).toBe(200);
  });

  it('is idempotent: the same collection sent twice is not duplicated', async () => {
    const { client } = await registerUser(srv);
    const body = { collectionData: toGalleryCards(anonymous()) };
    await client.post('/api/transfer-collection', body);
    const again = await client.post('/api/transfer-collection', body);
    expect(again.body).toMatchObject({ transferred: 0, skipped: 3 });
    const both = await Promise.all([client.post('/api/transfer-collection', body), client.post('/api/transfer-collection', body)]);
    for (const r of both) expect(r.status).toBe(200);
    expect((await client.get('/api/cards')).body).toHaveLength(3);
  });

  it('places cards in free slots when their slots are taken', async () => {
    const { client } = await registerUser(srv);
    await client.request('POST', '/api/cards/1/upload', uploadForm(await jpegWithExif(200, 280), { title: 'Already here' }));
    await client.post('/api/transfer-collection', { collectionData: toGalleryCards(anonymous().slice(0, 2)) });
    const cards = (await client.request<TSlotView[]>('GET', '/api/cards')).body;
    expect(cards.map((c) => [c.slotNumber, c.title])).toEqual([
      [1, 'Already here'],
      [2, '2018 Topps Chrome Shohei Ohtani'],
      [3, '2018 Panini Prizm Luka Doncic'],
    ]);
  });

  it('is all or nothing: past the free limit nothing is saved and requiresUpgrade is answered', async () => {
    const { client } = await registerUser(srv);
    const eight = Array.from({ length: 8 }, (_, i) => ({ slotNumber: i + 1, imageUrl: '', title: `t${i}`, description: '', value: null, allTimeHigh: null }));
    expect((await client.post('/api/transfer-collection', { collectionData: eight })).body).toMatchObject({ transferred: 8 });
    const res = await client.post('/api/transfer-collection', { collectionData: toGalleryCards(anonymous()) });
    expect(res.status).toBe(403);
    expect(res.body.error?.requiresUpgrade).toBe(true);
    expect((await client.get('/api/cards')).body).toHaveLength(8);
  });

  it('is all or nothing: one bad image and nothing is saved', async () => {
    const { client } = await registerUser(srv);
    const cards = toGalleryCards(anonymous());
    cards[1]!.imageUrl = `data:image/jpeg;base64,${Buffer.from('not an image').toString('base64')}`;
    const res = await client.post('/api/transfer-collection', { collectionData: cards });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('invalid_image');
    expect((await client.get('/api/cards')).body).toEqual([]);
  });

  it('validates the body', async () => {
    const { client } = await registerUser(srv);
    expect((await client.post('/api/transfer-collection', {})).status).toBe(400);
    expect((await client.post('/api/transfer-collection', { collectionData: [{ slotNumber: 0 }] })).status).toBe(400);
    expect((await client.post('/api/transfer-collection', { collectionData: 'x' })).status).toBe(400);
    expect((await srv.client().post('/api/transfer-collection', { collectionData: [] })).status).toBe(401);
  });
});

describe('migrate-collection', () => {
  it('takes the browser items as they are stored and answers migratedCards', async () => {
    const { client } = await registerUser(srv);
    const res = await client.post('/api/migrate-collection', { collection: anonymous() });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ migratedCards: 3 });
    const cards = (await client.request<TSlotView[]>('GET', '/api/cards')).body;
    expect(cards.map((c) => c.title)).toEqual(['2018 Topps Chrome Shohei Ohtani', '2018 Panini Prizm Luka Doncic', 'Unknown Card']);
    expect((await client.post('/api/migrate-collection', { collection: anonymous() })).body).toMatchObject({ migratedCards: 0 });
  });
});
