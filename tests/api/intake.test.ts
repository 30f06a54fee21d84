import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSlotView } from '../../core/contracts/cards.types.ts';
import type { TCertBatchView, TPhotoItemView } from '../../core/contracts/intake.types.ts';
import { createIntake } from '../../api/services/intake/create-intake.ts';
import { createPsaClient } from '../../api/services/intake/psa-client.ts';
import { AnalysisBusyError } from '../../api/services/analysis/errors.ts';
import { analysisFromLabel } from '../../core/analysis/build-analysis.ts';
import { parseLabel } from '../../core/analysis/parse-label.ts';
import { MORANT_LABEL, OHTANI_LABEL, renderLabel } from '../analysis/fixtures/make-label.ts';
import { jpegWithExif, pngImage, uploadForm } from '../fixtures/images.ts';
import { accountWithClient, addCards } from '../helpers/factories.ts';
import type { TestClient } from '../helpers/http.ts';
import { JORDAN_1986, psaRecord, startPsaEmulator, type TPsaEmulator } from '../helpers/psa-emulator.ts';
import { registerUser, startTestServer, type TTestServer } from '../helpers/server.ts';

type TBatch = TCertBatchView & { error?: { code: string; message: string } };

async function finished(client: TestClient, batch: TBatch, timeoutMs = 20_000): Promise<TBatch> {
  const until = Date.now() + timeoutMs;
  let b = batch;
  while (!b.finished) {
    if (Date.now() > until) throw new Error(`batch not finished: ${JSON.stringify(b.items)}`);
    await new Promise((r) => setTimeout(r, 50));
    b = (await client.get<TBatch>(`/api/intake/certs/${batch.id}`)).body;
  }
  return b;
}
const slots = async (client: TestClient) => (await client.get<TSlotView[]>('/api/cards')).body;

describe('bulk intake by cert without PSA_API_TOKEN', () => {
  let srv: TTestServer;
  beforeAll(async () => {
    srv = await startTestServer({ rateLimitScale: 100 });
  });
  afterAll(async () => {
    await srv?.close();
  });

  it('makes a card per cert with the cert only, says PSA lookup is unavailable, and lists what it could not read', async () => {
    const { client } = await registerUser(srv);
    const res = await client.post<TBatch>('/api/intake/certs', { certs: '12345678\n#012345679\n12345678, 12ab, 123\n' });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ psa: false, notice: expect.stringMatching(/^PSA lookup unavailable/), total: 2, repeated: ['12345678'] });
    expect(res.body.invalid.map((i) => i.text)).toEqual(['12ab', '123']);
    const done = await finished(client, res.body);
    expect(done.items).toEqual([
      expect.objectContaining({ cert: '12345678', status: 'added', slotNumber: 1, filled: false, photo: false, message: 'PSA lookup unavailable' }),
      expect.objectContaining({ cert: '012345679', status: 'added', slotNumber: 2, filled: false }),
    ]);
    const wall = await slots(client);
    expect(wall.map((c) => [c.slotNumber, c.certNumber, c.grader, c.subject])).toEqual([
      [1, '12345678', 'PSA', undefined],
      [2, '012345679', 'PSA', undefined],
    ]);
  });

  it('flags a cert already on the wall at once and adds nothing twice', async () => {
    const { client } = await registerUser(srv);
    await finished(client, (await client.post<TBatch>('/api/intake/certs', { certs: '22223333' })).body);
    const again = await client.post<TBatch>('/api/intake/certs', { certs: '22223333 22224444' });
    expect(again.body.items[0]).toMatchObject({
      cert: '22223333',
      status: 'on_wall',
      slotNumber: 1,
      message: 'This slab is already on your wall: cert #22223333 is the card in slot 1.',
    });
    const done = await finished(client, again.body);
    expect(done.items[1]).toMatchObject({ cert: '22224444', status: 'added', slotNumber: 2 });
    expect(await slots(client)).toHaveLength(2);
  });

  it("stops at the tier's slots: the certs past them are not added and say why", async () => {
    const { user, client } = await accountWithClient(srv, 'free');
    await addCards(srv.deps.db, user, 9);
    const done = await finished(client, (await client.post<TBatch>('/api/intake/certs', { certs: '31000001 31000002 31000003' })).body);
    expect(done.items.map((i) => i.status)).toEqual(['added', 'no_room', 'no_room']);
    expect(done.items[0]!.slotNumber).toBe(10);
    expect(done.items[1]!.message).toMatch(/^Free accounts hold 10 cards/);
    expect(await slots(client)).toHaveLength(10);
  });

  it('refuses bad input with a 4xx and the one error shape, and other users cannot read a batch', async () => {
    const { client } = await registerUser(srv);
    const none = await client.post<TBatch>('/api/intake/certs', { certs: 'abc' });
    expect(none.status).toBe(400);
    expect(none.body.error).toMatchObject({ code: 'no_certs' });
    expect((await client.post<TBatch>('/api/intake/certs', {})).status).toBe(400);
    const batch = (await client.post<TBatch>('/api/intake/certs', { certs: '41000001' })).body;
    const other = (await registerUser(srv)).client;
    expect((await other.get(`/api/intake/certs/${batch.id}`)).status).toBe(404);
    expect((await other.get('/api/intake/certs/not-an-id')).status).toBe(400);
    expect((await srv.client().post('/api/intake/certs', { certs: '41000001' })).status).toBe(401);
  });

  it('a view-only account is refused', async () => {
    const { client } = await accountWithClient(srv, 'trial_expired');
    const res = await client.post<TBatch>('/api/intake/certs', { certs: '51000001' });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'upgrade_required' });
  });
});

describe('bulk intake by cert with PSA_API_TOKEN (PSA emulator)', () => {
  let srv: TTestServer;
  let psa: TPsaEmulator;
  beforeAll(async () => {
    psa = await startPsaEmulator(
      {
        '12345678': psaRecord('12345678'),
        '87654321': psaRecord('87654321', { ...JORDAN_1986, CardGrade: 'MINT 9 (OC)', TotalPopulation: 4321 }),
        ...Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`7000000${i}`, psaRecord(`7000000${i}`, { Subject: `PLAYER ${'ABCDEFGH'[i]}` })])),
      },
      await jpegWithExif(600, 1000),
    );
    srv = await startTestServer({ rateLimitScale: 100, env: { PSA_API_TOKEN: psa.token, PSA_API_BASE_URL: psa.baseUrl, PSA_API_CALLS_PER_MINUTE: '6000' } });
  });
  afterAll(async () => {
    await srv?.close();
    await psa?.close();
  });

  it("fills every field from PSA's record, keeps the population at the grade and makes PSA's front image the photo", async () => {
    const { client } = await registerUser(srv);
    const res = await client.post<TBatch>('/api/intake/certs', { certs: '12345678\n87654321' });
    expect(res.body).toMatchObject({ psa: true, notice: null });
    const done = await finished(client, res.body);
    expect(done.items).toEqual([
      expect.objectContaining({
        cert: '12345678',
        status: 'added',
        filled: true,
        photo: true,
        population: 1000,
        title: '2018 Topps Chrome Shohei Ohtani Refractor #193',
      }),
      expect.objectContaining({ cert: '87654321', status: 'added', filled: true, photo: true, population: 4321 }),
    ]);
    const [ohtani, jordan] = await slots(client);
    expect(ohtani).toMatchObject({
      subject: 'Shohei Ohtani',
      year: '2018',
      set: 'Topps Chrome',
      cardNumber: '193',
      variety: 'Refractor',
      sport: 'Baseball',
      grader: 'PSA',
      grade: 10,
      certNumber: '12345678',
      populationAtGrade: 1000,
      description: 'PSA 10 GEM MT',
    });
    expect(jordan).toMatchObject({
      subject: 'Michael Jordan',
      year: '1986',
      set: 'Fleer',
      grade: 9,
      qualifier: 'OC',
      sport: 'Basketball',
      populationAtGrade: 4321,
    });
    const photo = await client.request('GET', ohtani!.thumbUrl!);
    expect(photo.status).toBe(200);
    const calls = psa.requests.filter((r) => r.path.includes('/publicapi/'));
    expect(calls.every((r) => r.headers.authorization === `bearer ${psa.token}`)).toBe(true);
    expect(calls.map((r) => r.path)).toContain('/publicapi/cert/GetImagesByCertNumber/12345678');
  });

  it("an unknown cert adds nothing and says PSA has no such cert; PSA's 429 is waited out; an answer of another shape leaves the card with its cert only", async () => {
    const { client } = await registerUser(srv);
    psa.fault('70000001', '429');
    psa.fault('70000002', 'shape', Infinity);
    psa.fault('70000003', '500');
    const done = await finished(client, (await client.post<TBatch>('/api/intake/certs', { certs: '99999999 70000001 70000002 70000003' })).body);
    expect(done.items).toEqual([
      expect.objectContaining({ cert: '99999999', status: 'not_found', message: 'PSA has no cert #99999999.' }),
      expect.objectContaining({ cert: '70000001', status: 'added', filled: true }),
      expect.objectContaining({ cert: '70000002', status: 'added', filled: false, message: 'PSA lookup unavailable' }),
      expect.objectContaining({ cert: '70000003', status: 'added', filled: true }),
    ]);
    const wall = await slots(client);
    expect(wall.find((c) => c.certNumber === '70000001')).toMatchObject({ subject: 'Player B' });
    expect(wall.find((c) => c.certNumber === '70000002')?.subject).toBeUndefined();
    expect(wall.find((c) => c.certNumber === '99999999')).toBeUndefined();
  });

  it('a PSA that does not answer in time is asked again, then the card is made with its cert only', async () => {
    const saved = srv.deps.intake;
    srv.deps.intake = createIntake(
      srv.deps.env,
      { ...srv.deps },
      createPsaClient({ token: psa.token, baseUrl: psa.baseUrl, callsPerMinute: 6000, timeoutMs: 300 }),
    );
    try {
      const { client } = await registerUser(srv);
      psa.fault('70000004', 'timeout', 1);
      psa.fault('70000005', 'timeout', Infinity);
      const done = await finished(client, (await client.post<TBatch>('/api/intake/certs', { certs: '70000004 70000005' })).body);
      expect(done.items).toEqual([
        expect.objectContaining({ cert: '70000004', status: 'added', filled: true }),
        expect.objectContaining({ cert: '70000005', status: 'added', filled: false, message: 'PSA lookup unavailable' }),
      ]);
    } finally {
      srv.deps.intake = saved;
    }
  });

  it("honours PSA's rate limit: calls are paced, nothing is lost, and the server answers other requests meanwhile", async () => {
    const saved = srv.deps.intake;
    // PSA allows 4 calls a second; Ratio is told 240 a minute.
    srv.deps.intake = createIntake(srv.deps.env, { ...srv.deps }, createPsaClient({ token: psa.token, baseUrl: psa.baseUrl, callsPerMinute: 240 }));
    psa.rateLimit({ calls: 4, windowMs: 1000 });
    try {
      const { client } = await registerUser(srv);
      const before = psa.apiCalls();
      const started = await client.post<TBatch>('/api/intake/certs', { certs: '70000000 70000006 70000007 12345678' });
      expect(started.status).toBe(202);
      // The request answered before PSA was asked about most of the certs.
      expect(started.body.done).toBe(0);
      const wall = await client.get('/api/cards');
      expect(wall.status).toBe(200);
      const done = await finished(client, started.body);
      expect(done.items.every((i) => i.status === 'added' && i.filled)).toBe(true);
      // 4 certs x 2 calls at 4 a second: at least 1.75 s of pacing.
      expect(psa.apiCalls() - before).toBeGreaterThanOrEqual(8);
    } finally {
      psa.rateLimit(null);
      srv.deps.intake = saved;
    }
  });
});

describe('bulk intake by photo (the label reader in a background queue)', () => {
  let srv: TTestServer;
  beforeAll(async () => {
    srv = await startTestServer({ rateLimitScale: 100 });
  });
  afterAll(async () => {
    await srv?.close();
  });

  const send = (client: TestClient, image: Buffer, name: string) => {
    const form = new FormData();
    form.append('name', name);
    form.append('image', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), name);
    return client.request<TPhotoItemView & { error?: { code: string } }>('POST', '/api/intake/photos', form);
  };
  const listed = async (client: TestClient) => (await client.get<{ items: TPhotoItemView[] }>('/api/intake/photos')).body.items;

  it('reads each photo in turn, flags the same file sent twice and a cert already on the wall', async () => {
    const { client } = await registerUser(srv);
    const ohtani = await renderLabel({ ...OHTANI_LABEL, certNumber: '45678912' }, { layout: 'slab', size: 800, jpegQuality: 85 });
    const morant = await renderLabel(MORANT_LABEL, { layout: 'slab', size: 800, jpegQuality: 85 });
    const a = await send(client, ohtani, 'ohtani.jpg');
    expect(a.status).toBe(202);
    expect(a.body).toMatchObject({ name: 'ohtani.jpg', status: expect.stringMatching(/queued|reading/), hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const b = await send(client, morant, 'morant.jpg');
    // Two photos are handed to the reader at once (one read, the next waiting in its process); the third waits its turn.
    const c = await send(client, await pngImage(300, 420), 'blank.png');
    expect(c.body).toMatchObject({ status: 'queued', ahead: 2 });
    const again = await send(client, ohtani, 'copy of ohtani.jpg');
    expect(again.body).toMatchObject({ id: a.body.id, duplicateOf: a.body.id });
    await srv.deps.intake.photos.idle();
    const items = await listed(client);
    expect(items).toHaveLength(3);
    expect(items[2]).toMatchObject({ id: c.body.id, status: 'read', message: 'No label could be read on this photo: fill in the card yourself.' });
    expect(items[0]).toMatchObject({
      id: a.body.id,
      status: 'read',
      fields: { subject: expect.stringMatching(/shohei ohtani/i), year: '2018', grader: 'PSA', grade: 10, certNumber: '45678912' },
    });
    expect(items[0]!.fieldConfidence).toBeDefined();
    expect(items[1]).toMatchObject({ id: b.body.id, status: 'read', fields: { certNumber: '61234567' } });

    // Accepting a card saves it at once through the card upload; the list then flags its cert as on the wall.
    const saved = await client.request(
      'POST',
      '/api/cards/1/upload',
      uploadForm(ohtani, { subject: 'Shohei Ohtani', year: '2018', grader: 'PSA', grade: '10', certNumber: '45678912' }),
    );
    expect(saved.status).toBe(201);
    expect((await listed(client))[0]).toMatchObject({ certOnWall: 1 });
    const twice = await client.request<{ error: { code: string } }>(
      'POST',
      '/api/cards/2/upload',
      uploadForm(ohtani, { certNumber: '45678912', grader: 'PSA' }),
    );
    expect(twice.body.error.code).toBe('cert_on_wall');

    expect((await client.request('DELETE', `/api/intake/photos/${b.body.id}`)).status).toBe(204);
    expect(await listed(client)).toHaveLength(2);
  }, 120_000);

  it('lists the photos in the order they were sent, whichever read finishes first', async () => {
    // A reader that reads the first photo last: busy once (it goes back in line), then slower than the second.
    let firstTries = 0;
    const labels: Record<string, string> = {
      first: '2018 TOPPS CHROME #193\nSHOHEI OHTANI GEM MT\n\nREFRACTOR 10\n12345678\n',
      second: '2019 PANINI PRIZM #249\nJA MORANT GEM MT\n\n10\n61234567\n',
    };
    const own = await startTestServer({
      deps: {
        analyzer: {
          async analyze(image) {
            const which = image.subarray(-32).toString('latin1').includes('first') ? 'first' : 'second';
            if (which === 'first' && firstTries++ === 0) throw new AnalysisBusyError();
            if (which === 'first') await new Promise((r) => setTimeout(r, 300));
            return analysisFromLabel(parseLabel(labels[which]!));
          },
          close: async () => {},
        },
      },
    });
    try {
      const { client } = await registerUser(own);
      const photo = async (tag: string) => Buffer.concat([await pngImage(120, 160), Buffer.from(tag.padStart(32, ' '), 'latin1')]);
      const first = await send(client, await photo('first'), 'first.png');
      const second = await send(client, await photo('second'), 'second.png');
      await own.deps.intake.photos.idle();
      const items = await listed(client);
      expect(items.map((i) => [i.id, i.status, i.fields?.certNumber])).toEqual([
        [first.body.id, 'read', '12345678'],
        [second.body.id, 'read', '61234567'],
      ]);
    } finally {
      await own.close();
    }
  });

  it("refuses what is not a photo, and another user's photos are not listed", async () => {
    const { client } = await registerUser(srv);
    const bad = await send(client, Buffer.from('not an image at all'), 'notes.txt');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'invalid_image_type' });
    await send(client, await pngImage(200, 280), 'blank.png');
    const other = (await registerUser(srv)).client;
    expect(await listed(other)).toEqual([]);
    await srv.deps.intake.photos.idle();
  }, 60_000);
});
