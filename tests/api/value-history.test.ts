import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSlotView } from '../../core/contracts/cards.types.ts';
import type { TCardHistoryAnswer, TTotalHistoryAnswer } from '../../core/contracts/csv.types.ts';
import { DAY_MS } from '../../core/limits.ts';
import { pngImage, uploadForm } from '../fixtures/images.ts';
import type { TApiBody, TestClient } from '../helpers/http.ts';
import { accountWithClient, signedIn } from '../helpers/factories.ts';
import { registerTrialUser, registerUser, startTestServer, type TTestServer } from '../helpers/server.ts';

let srv: TTestServer;
let photo: Buffer;
beforeAll(async () => {
  srv = await startTestServer({ rateLimitScale: 100 });
  photo = await pngImage(120, 168);
});
afterAll(async () => {
  await srv?.close();
});

const upload = (client: TestClient, slot: number, value: string) =>
  client.request<TSlotView & TApiBody>('POST', `/api/cards/${slot}/upload`, uploadForm(photo, { title: `Card ${slot}`, value }));
const history = (client: TestClient, slot: number) => client.get<TCardHistoryAnswer & TApiBody>(`/api/cards/${slot}/history`);
const total = (client: TestClient, range = 'all') => client.get<TTotalHistoryAnswer & TApiBody>(`/api/cards/value-history?range=${range}`);

describe('value history', () => {
  it('records each change of a card value with its time; the all-time high follows the highest', async () => {
    const { client } = await registerTrialUser(srv);
    const start = srv.deps.clock().getTime();
    expect((await upload(client, 1, '$100')).status).toBe(201);
    srv.advance(DAY_MS);
    await client.patch('/api/cards/1', { value: '$1,500' });
    srv.advance(DAY_MS);
    await client.patch('/api/cards/1', { value: 'n/a' });
    await client.patch('/api/cards/1', { title: 'Renamed' });
    srv.advance(DAY_MS);
    await client.patch('/api/cards/1', { value: '1200.50' });
    await client.patch('/api/cards/1', { value: '$1,200.50' });

    const res = await history(client, 1);
    expect(res.status).toBe(200);
    expect(res.body.points.map((p) => p.cents)).toEqual([10000, 150000, 120050]);
    const days = res.body.points.map((p) => Math.round((Date.parse(p.at) - start) / DAY_MS));
    expect(days).toEqual([0, 1, 3]);
    const [card] = (await client.get<TSlotView[]>('/api/cards')).body;
    expect(card).toMatchObject({ value: '$1,200.50', allTimeHigh: '$1,500', allTimeHighCents: 150000 });
  });

  it('follows the card when it is swapped to another slot, and answers 404 for an empty slot', async () => {
    const { client } = await registerTrialUser(srv);
    await upload(client, 1, '10');
    await client.patch('/api/cards/1', { value: '20' });
    await client.post('/api/cards/swap', { fromSlot: 1, toSlot: 5 });
    expect((await history(client, 5)).body.points.map((p) => p.cents)).toEqual([1000, 2000]);
    const empty = await history(client, 1);
    expect(empty.status).toBe(404);
    expect(empty.body.error).toMatchObject({ code: 'slot_empty' });
  });

  it("gives the collection's total over time, per range, ending now", async () => {
    const { user, client: first } = await accountWithClient(srv, 'grandfathered');
    let client = first;
    expect((await total(client)).body).toEqual({ range: 'all', points: [], change: { heldCents: 0, addedCents: 0, addedCount: 0 } });
    await upload(client, 1, '100');
    srv.advance(DAY_MS);
    await upload(client, 2, '50');
    srv.advance(40 * DAY_MS);
    client = await signedIn(srv, user); // the first session has ended by now
    await client.patch('/api/cards/1', { value: '300' });
    srv.advance(DAY_MS);

    const all = (await total(client)).body;
    expect(all.points.map((p) => p.cents)).toEqual([10000, 15000, 35000, 35000]);
    expect(srv.deps.clock().getTime() - Date.parse(all.points.at(-1)!.at)).toBeLessThan(60_000); // ends now, not at the last change
    const month = (await total(client, '30d')).body;
    expect(month.range).toBe('30d');
    expect(month.points.map((p) => p.cents)).toEqual([15000, 35000, 35000]);
    // The headline is the cards' own movement; the cards added in the range are told apart (docs/choices.md 47).
    expect(month.change).toEqual({ heldCents: 20000, addedCents: 0, addedCount: 0 });
    expect(all.change).toEqual({ heldCents: 20000, addedCents: 15000, addedCount: 2 });
    await client.delete('/api/cards/2');
    expect((await total(client)).body.points.at(-1)!.cents).toBe(30000);
  });

  it("never shows one user another's history; refuses a bad range and a signed-out caller", async () => {
    const owner = await registerTrialUser(srv);
    await upload(owner.client, 1, '999');
    const other = await registerUser(srv);
    expect((await history(other.client, 1)).status).toBe(404);
    expect((await total(other.client)).body.points).toEqual([]);
    const bad = await total(owner.client, 'forever');
    expect(bad.status).toBe(400);
    expect(bad.body.error?.code).toBe('validation_error');
    expect((await srv.client().get('/api/cards/1/history')).status).toBe(401);
    expect((await srv.client().get('/api/cards/value-history')).status).toBe(401);
  });
});
