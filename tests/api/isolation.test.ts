import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSlotView } from '../../core/contracts/cards.types.ts';
import { jpegWithExif, uploadForm } from '../fixtures/images.ts';
import { registerTrialUser, registerUser, startTestServer, type TTestServer } from '../helpers/server.ts';

let srv: TTestServer;
beforeAll(async () => {
  srv = await startTestServer({ rateLimitScale: 100 });
});
afterAll(async () => {
  await srv?.close();
});

describe('one user can never read or change another user’s gallery', () => {
  it('every card route of user B leaves user A untouched, and A’s images answer B with 404', async () => {
    const a = await registerUser(srv);
    // A trial account, so its swap is judged on the slots (a free account may not swap at all).
    const b = await registerTrialUser(srv);
    const photo = await jpegWithExif(300, 400);
    const card = (await a.client.request<TSlotView>('POST', '/api/cards/1/upload', uploadForm(photo, { title: 'A only', value: '99' }))).body;
    await a.client.request('POST', '/api/cards/2/upload', uploadForm(photo, { title: 'A second' }));
    const aBefore = (await a.client.get('/api/cards')).body;

    expect((await b.client.get('/api/cards')).body).toEqual([]);
    expect((await b.client.patch('/api/cards/1', { title: 'hijacked' })).status).toBe(404);
    expect((await b.client.delete('/api/cards/1')).status).toBe(200);
    expect((await b.client.post('/api/cards/swap', { fromSlot: 1, toSlot: 2 })).status).toBe(400);
    expect((await b.client.request('POST', '/api/cards/1/upload', uploadForm(photo, { title: 'B own' }))).status).toBe(201);
    for (const url of [card.imageUrl, card.thumbUrl, card.originalUrl]) {
      const res = await fetch(srv.url + url!, { headers: { cookie: b.client.cookieHeader } });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'No such image' } });
    }
    const anon = await fetch(srv.url + card.thumbUrl!);
    expect(anon.status).toBe(401);

    expect((await a.client.get('/api/cards')).body).toEqual(aBefore);
    expect(((await b.client.get('/api/cards')).body as unknown as TSlotView[]).map((c) => c.title)).toEqual(['B own']);
  });

  it('an unknown or malformed image id is a 404', async () => {
    const { client } = await registerUser(srv);
    expect((await client.get('/api/images/00000000-0000-4000-8000-000000000000/thumb')).status).toBe(404);
    expect((await client.get('/api/images/../../etc/passwd/thumb')).status).toBe(404);
    expect((await client.get('/api/images/abc/huge')).status).toBe(404);
  });
});
