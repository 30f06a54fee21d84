import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSlotView } from '../../core/contracts/cards.types.ts';
import { toGalleryCards } from '../../core/transfer.ts';
import { pngImage, uploadForm } from '../fixtures/images.ts';
import type { TApiBody, TestClient } from '../helpers/http.ts';
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

type TCard = TSlotView & TApiBody;
const upload = (client: TestClient, slot: number, fields: Record<string, string>) =>
  client.request<TCard>('POST', `/api/cards/${slot}/upload`, uploadForm(photo, fields));
const patch = (client: TestClient, slot: number, body: Record<string, unknown>) => client.request<TCard>('PATCH', `/api/cards/${slot}`, body);
const slots = async (client: TestClient) => (await client.get<TSlotView[]>('/api/cards')).body;

const OHTANI = {
  subject: 'Shohei Ohtani',
  year: '2018',
  set: 'Topps Chrome',
  cardNumber: '#193',
  variety: 'Refractor',
  sport: 'Baseball',
  grader: 'PSA',
  grade: '10',
  certNumber: '012345678',
  costCents: '12550',
  acquiredOn: '2025-11-20',
  source: 'Card show',
  notes: 'First slab',
};

describe("a card's own fields", () => {
  it('are kept on upload and answered beside the spec fields; the title and description are made from them', async () => {
    const { client } = await registerUser(srv);
    const res = await upload(client, 1, { ...OHTANI, value: '$1,250', subgrades: '' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      slotNumber: 1,
      title: '2018 Topps Chrome Shohei Ohtani Refractor #193',
      description: 'PSA 10 GEM MT',
      value: '$1,250',
      valueCents: 125_000,
      subject: 'Shohei Ohtani',
      year: '2018',
      set: 'Topps Chrome',
      cardNumber: '193',
      variety: 'Refractor',
      sport: 'Baseball',
      grader: 'PSA',
      grade: 10,
      certNumber: '012345678',
      costCents: 12_550,
      acquiredOn: '2025-11-20',
      source: 'Card show',
      notes: 'First slab',
    });
    expect(res.body).not.toHaveProperty('qualifier');
    expect((await slots(client))[0]).toEqual(res.body);
  });

  it('an edit remakes the description from a new grade and the title from a new player, and null clears a field', async () => {
    const { client } = await registerUser(srv);
    await upload(client, 2, OHTANI);
    const graded = await patch(client, 2, { grade: 9, qualifier: 'OC' });
    expect(graded.status).toBe(200);
    expect(graded.body).toMatchObject({ title: '2018 Topps Chrome Shohei Ohtani Refractor #193', description: 'PSA 9 MINT (OC)', grade: 9, qualifier: 'OC' });
    const renamed = await patch(client, 2, { subject: 'Mike Trout', variety: null, cardNumber: null, value: '$80' });
    expect(renamed.body).toMatchObject({ title: '2018 Topps Chrome Mike Trout', value: '$80' });
    expect(renamed.body).not.toHaveProperty('variety');
    const bgs = await patch(client, 2, {
      grader: 'BGS',
      grade: 9.5,
      qualifier: null,
      certNumber: '0012345678',
      subgrades: { centering: 9.5, corners: 9.5, edges: 9, surface: 10 },
    });
    expect(bgs.body).toMatchObject({ description: 'BGS 9.5 GEM MINT', subgrades: { centering: 9.5, corners: 9.5, edges: 9, surface: 10 } });
  });

  it("a client of the spec's calls still types the title and description, and the fields follow them", async () => {
    const { client } = await registerUser(srv);
    const res = await upload(client, 1, { title: '1986 Fleer Michael Jordan', description: 'PSA 8 NM-MT • Cert #11112222' });
    expect(res.body).toMatchObject({
      title: '1986 Fleer Michael Jordan',
      description: 'PSA 8 NM-MT • Cert #11112222',
      year: '1986',
      set: 'Fleer',
      subject: 'Michael Jordan',
      grader: 'PSA',
      grade: 8,
      certNumber: '11112222',
    });
    const typed = await patch(client, 1, { title: 'My favourite', description: 'Centered well' });
    expect(typed.body).toMatchObject({ title: 'My favourite', description: 'Centered well', subject: 'My favourite' });
    for (const gone of ['year', 'set', 'grader', 'grade', 'certNumber']) expect(typed.body).not.toHaveProperty(gone);
  });

  it('refuses fields that break the rules with a 400 naming the field, and changes nothing', async () => {
    const { client } = await registerUser(srv);
    await upload(client, 1, OHTANI);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ grade: 9.3 }, 'grade'],
      [{ grade: 11 }, 'grade'],
      [{ grader: 'XYZ' }, 'grader'],
      [{ year: '18' }, 'year'],
      [{ acquiredOn: '2025-02-30' }, 'acquiredOn'],
      [{ costCents: -5 }, 'costCents'],
      [{ costCents: 1.5 }, 'costCents'],
      [{ subgrades: { centering: 12 } }, 'subgrades'],
      [{ subject: 'x'.repeat(201) }, 'subject'],
      [{ grade: '10' }, 'grade'],
    ];
    for (const [body, field] of cases) {
      const res = await patch(client, 1, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error?.message).toContain(field);
    }
    const cert = await patch(client, 1, { certNumber: '0012345678' });
    expect([cert.status, cert.body.error?.code, cert.body.error?.message]).toEqual([400, 'invalid_cert', 'certNumber: A PSA cert number is 7 to 9 digits']);
    expect((await patch(client, 1, { grader: 'raw' })).body.error?.message).toBe('certNumber: A raw card has no cert number');
    expect((await upload(client, 2, { grader: 'PSA', grade: '9.3' })).status).toBe(400);
    const [card] = await slots(client);
    expect(card).toMatchObject({ grade: 10, year: '2018', certNumber: '012345678', costCents: 12_550 });
    expect(await slots(client)).toHaveLength(1);
  });
});

describe('a cert is on one card of a wall', () => {
  it('adding a slab already on the wall says so (409), by upload or by edit; another account may hold it', async () => {
    const { client } = await registerUser(srv);
    await upload(client, 1, OHTANI);
    const again = await upload(client, 2, { ...OHTANI, subject: 'Someone else' });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'cert_on_wall',
      message: 'This slab is already on your wall: cert #012345678 is the card in slot 1.',
      slotNumber: 1,
    });
    const typed = await upload(client, 2, { title: 'Typed', description: 'PSA 10 • Cert #012345678' });
    expect(typed.status).toBe(409);
    expect((await slots(client)).map((c) => c.slotNumber)).toEqual([1]);

    await upload(client, 2, { subject: 'Other', grader: 'PSA', certNumber: '87654321' });
    expect((await patch(client, 2, { certNumber: '012345678' })).status).toBe(409);
    expect((await patch(client, 1, { certNumber: '012345678', grade: 9 })).status).toBe(200);
    const stranger = await registerUser(srv);
    expect((await upload(stranger.client, 1, OHTANI)).status).toBe(201);
  });

  it('one slab sent twice in a transfer, or already on the wall, is brought once', async () => {
    const { client } = await registerTrialUser(srv);
    await upload(client, 1, { subject: 'Luka Doncic', grader: 'BGS', grade: '9.5', certNumber: '0012345678' });
    const visitor = [
      { player: 'Luka Doncic', year: '2018', brand: 'Panini Prizm', condition: 'BGS 9.5', certNumber: '0012345678', userNotes: 'again' },
      {
        player: 'Shohei Ohtani',
        year: '2018',
        brand: 'Topps Chrome',
        condition: 'PSA 10 GEM MT',
        certNumber: '12345678',
        userNotes: 'From dad',
        cardNumber: '193',
      },
      {
        player: 'Shohei Ohtani',
        year: '2018',
        brand: 'Topps Chrome',
        condition: 'PSA 10 GEM MT',
        certNumber: '12345678',
        userNotes: 'photo twice',
        userValue: '$900',
      },
    ];
    const res = await client.post('/api/transfer-collection', { collectionData: toGalleryCards(visitor) });
    expect(res.body).toMatchObject({ transferred: 1, skipped: 2 });
    const cards = await slots(client);
    expect(cards).toHaveLength(2);
    expect(cards[1]).toMatchObject({
      title: '2018 Topps Chrome Shohei Ohtani #193',
      description: 'PSA 10 GEM MT',
      subject: 'Shohei Ohtani',
      year: '2018',
      set: 'Topps Chrome',
      grader: 'PSA',
      grade: 10,
      certNumber: '12345678',
      cardNumber: '193',
      notes: 'From dad',
    });
  });
});
