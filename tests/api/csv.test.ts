import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSlotView } from '../../core/contracts/cards.types.ts';
import type { TImportAnswer } from '../../core/contracts/csv.types.ts';
import { EXPORT_COLUMNS } from '../../core/csv/export-row.ts';
import { pngImage, uploadForm } from '../fixtures/images.ts';
import { psaRecord, startPsaEmulator } from '../helpers/psa-emulator.ts';
import { accountWithClient } from '../helpers/factories.ts';
import type { TApiBody, TestClient } from '../helpers/http.ts';
import { registerTrialUser, registerUser, startTestServer, type TTestServer } from '../helpers/server.ts';

let srv: TTestServer;
let photo: Buffer;
beforeAll(async () => {
  srv = await startTestServer({ rateLimitScale: 100, env: { PUBLIC_URL: 'https://ratio.example' } });
  photo = await pngImage(120, 168);
});
afterAll(async () => {
  await srv?.close();
});

const upload = (client: TestClient, slot: number, fields: Record<string, string>) =>
  client.request<TSlotView & TApiBody>('POST', `/api/cards/${slot}/upload`, uploadForm(photo, fields));
const slots = async (client: TestClient) => (await client.get<TSlotView[]>('/api/cards')).body;
const exportOf = (client: TestClient) => client.get<string>('/api/cards/export.csv');
const preview = (client: TestClient, csv: string) => client.post<TImportAnswer & TApiBody>('/api/cards/import/preview', { csv });
const importCsv = (client: TestClient, csv: string) => client.post<TImportAnswer & TApiBody>('/api/cards/import', { csv });
const records = (csv: string) => parse(csv, { bom: true }) as string[][];
const csvOf = (rows: string[][]) => rows.map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(',')).join('\n');
const ratioRows = (count: number, firstSlot = 1) => [
  [...EXPORT_COLUMNS],
  ...Array.from({ length: count }, (_, i) => [String(firstSlot + i), `Card ${firstSlot + i}`, 'PSA 9', '$12.50', '12.50', '', '', '', '', '', '', '', '']),
];
/** A card as a round trip keeps it: everything but its id, photo and dates. */
const same = ({ id: _id, imageUrl: _i, thumbUrl: _t, originalUrl: _o, createdAt: _c, updatedAt: _u, ...kept }: TSlotView) => kept;

describe('export', () => {
  it('sends every card as CSV: typed and numeric values, slab facts, dates, escaped formulas, an image link the owner opens', async () => {
    const { client } = await registerTrialUser(srv);
    await upload(client, 2, {
      title: '2018 Topps Chrome Shohei Ohtani',
      description: 'Topps • PSA 10 GEM MT • Cert #12345678',
      value: '$1,250',
      allTimeHigh: '1,100',
    });
    await client.patch('/api/cards/2', { value: '$1,000' });
    await upload(client, 7, { title: '=HYPERLINK("http://evil.example")', value: 'n/a' });

    const res = await exportOf(client);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="ratio-cards-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const [header, first, second] = records(res.text);
    expect(header).toEqual([...EXPORT_COLUMNS]);
    const row = Object.fromEntries(header!.map((h, i) => [h, first![i]]));
    expect(row).toMatchObject({
      Slot: '2',
      Title: '2018 Topps Chrome Shohei Ohtani',
      Value: '$1,000',
      'Value (USD)': '1000.00',
      'All-Time High': '$1,250',
      'All-Time High (USD)': '1250.00',
      Grader: 'PSA',
      Grade: '10',
      'Cert Number': '12345678',
      Year: '2018',
      Set: 'Topps Chrome',
      Subject: 'Shohei Ohtani',
    });
    expect(Date.parse(row.Added!)).not.toBeNaN();
    expect(row.Image).toMatch(/^https:\/\/ratio\.example\/api\/images\/[\w-]+\/original$/);
    expect(second![1]).toBe(`'=HYPERLINK("http://evil.example")`);
    expect([second![3], second![4]]).toEqual(['n/a', '']);

    // A formula behind leading blanks is escaped too (docs/choices.md 43): spreadsheets skip them.
    for (const description of [' =HYPERLINK("http://evil.example")', '\n@SUM(A1)', ' \r\n+1']) {
      expect((await client.patch('/api/cards/7', { description })).status).toBe(200);
      const cell = records((await exportOf(client)).text)[2]![2];
      expect(cell, JSON.stringify(description)).toBe(`'${description}`);
    }

    const path = new URL(row.Image!).pathname;
    expect((await client.get(path)).status).toBe(200);
    const stranger = await registerUser(srv);
    expect((await stranger.client.get(path)).status).toBe(404);
    expect(records((await exportOf(stranger.client)).text)).toEqual([[...EXPORT_COLUMNS]]);
    expect((await exportOf(srv.client())).status).toBe(401);
  });
});

describe('import', () => {
  it('previews a PSA-style export, then adds its cards without photos, with their values recorded', async () => {
    const { client } = await registerTrialUser(srv);
    await upload(client, 1, { title: 'Already here' });
    const csv =
      'Year,Brand,Card Number,Subject,Variety,Grade,Cert Number,Value\r\n'
      + '2018,Topps Update,US250,Shohei Ohtani,Rookie,GEM MT 10,12345678,$900\r\n'
      + '\r\n'
      + '2003,Upper Deck,221,LeBron James,,MINT 9,87654321,\r\n';
    const look = await preview(client, csv);
    expect(look.status).toBe(200);
    expect(look.body).toMatchObject({ format: 'psa', rows: 2, cardCount: 2, errorCount: 0, imported: 0 });
    expect(look.body.cards.map((c) => [c.slotNumber, c.title, c.description, c.value])).toEqual([
      [2, '2018 Topps Update Shohei Ohtani Rookie #US250', 'PSA 10 GEM MT', '$900'],
      [3, '2003 Upper Deck LeBron James #221', 'PSA 9 MINT', null],
    ]);
    expect((await slots(client)).length).toBe(1);

    const done = await importCsv(client, csv);
    expect(done.status).toBe(200);
    expect(done.body.imported).toBe(2);
    const cards = await slots(client);
    expect(cards.map((c) => [c.slotNumber, c.imageUrl, c.thumbUrl, c.valueCents])).toEqual([
      [1, expect.any(String), expect.any(String), null],
      [2, null, null, 90000],
      [3, null, null, null],
    ]);
    expect((await client.get<{ points: unknown[] }>('/api/cards/2/history')).body.points).toHaveLength(1);
    // The same file again adds nothing twice: each row's cert is on the wall (docs/choices.md 40).
    const again = await preview(client, csv);
    expect(again.body).toMatchObject({ errorCount: 0, cardCount: 0, alreadyCount: 2 });
    expect(again.body.already).toEqual([
      { line: 2, message: 'Cert #12345678 is already on your wall (slot 2)' },
      { line: 4, message: 'Cert #87654321 is already on your wall (slot 3)' },
    ]);
    expect((await importCsv(client, csv)).body).toMatchObject({ imported: 0 });
    expect(await slots(client)).toHaveLength(3);
  });

  it("with PSA_API_TOKEN, the preview checks each row's cert number against PSA", async () => {
    const psa = await startPsaEmulator({ 12345678: psaRecord('12345678') }, Buffer.alloc(0), 'psa-token');
    const withPsa = await startTestServer({ rateLimitScale: 100, env: { PSA_API_TOKEN: 'psa-token', PSA_API_BASE_URL: psa.baseUrl } });
    try {
      const { client } = await registerTrialUser(withPsa);
      const csv =
        'Year,Brand,Subject,Grade,Cert Number\n2018,Topps Chrome,Shohei Ohtani,GEM MT 10,12345678\n2019,Topps,Nobody,9,99999999\n2020,Topps,No cert,9,\n';
      const look = await preview(client, csv);
      expect(look.status).toBe(200);
      expect(look.body.cards.map((c) => c.psa)).toEqual([{ status: 'verified', grade: 'GEM MT 10', subject: 'SHOHEI OHTANI' }, { status: 'not_found' }, null]);
      expect(look.body.errorCount).toBe(0);
    } finally {
      await withPsa.close();
      await psa.close();
    }
  });

  it('lists each kind of row error by line, and imports nothing when any row has one', async () => {
    const { client } = await registerUser(srv); // free: slots 1-10
    await upload(client, 4, { title: 'Kept' });
    const rows = ratioRows(0);
    rows.push(['1', 'Bad value', '', 'about fifty', '50.00', '', '', '', '', '', '', '', '']);
    rows.push(['1001', 'Out of range', '', '', '', '', '', '', '', '', '', '', '']);
    rows.push(['11', 'Over the limit', '', '', '', '', '', '', '', '', '', '', '']);
    rows.push(['4', 'Slot taken', '', '', '', '', '', '', '', '', '', '', '']);
    rows.push(['2', 'Fine', '', '$5', '5.00', '', '', '', '', '', '', '', '']);
    rows.push(['2', 'Same slot twice', '', '', '', '', '', '', '', '', '', '', '']);
    rows.push(['3', '', '', '', '', '', '', '', '', '', '', '', '']);
    const csv = csvOf(rows);
    const look = await preview(client, csv);
    expect(look.status).toBe(200);
    expect(look.body.errors.map((e) => [e.line, e.kind])).toEqual([
      [2, 'bad_value'],
      [3, 'slot_out_of_range'],
      [4, 'over_limit'],
      [5, 'duplicate'],
      [7, 'duplicate'],
      [8, 'missing_title'],
    ]);
    expect(look.body.errors[2]!.message).toBe('Slot 11 is beyond your 10 slots');

    const refused = await importCsv(client, csv);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'import_rows_invalid', message: '6 rows have errors: nothing was imported', errorCount: 6 });
    expect((await slots(client)).map((c) => c.title)).toEqual(['Kept']);
  });

  it('refuses a file it cannot read: not CSV, unknown columns, too many rows, an empty or oversized body', async () => {
    const { client } = await registerTrialUser(srv);
    const cases: Array<[unknown, number, string]> = [
      [{ csv: 'Slot,Title\n"1,broken' }, 400, 'csv_unreadable'],
      [{ csv: 'Name,Email\nA,b@c' }, 400, 'csv_mapping_needed'],
      [{ csv: 'Name,Email\nA,b@c', mapping: { subject: 'Player' } }, 400, 'csv_mapping'],
      [{ csv: 'Name,Email\nA,b@c', mapping: { team: 'Name' } }, 400, 'validation_error'],
      [{ csv: ',,\n,' }, 400, 'csv_columns'],
      [{ csv: csvOf(ratioRows(5001)) }, 400, 'csv_too_many_rows'],
      [{ csv: '' }, 400, 'validation_error'],
      [{ file: 'x' }, 400, 'validation_error'],
    ];
    for (const [body, status, code] of cases) {
      const res = await client.post('/api/cards/import', body);
      expect([res.status, res.body.error?.code]).toEqual([status, code]);
    }
    expect((await client.post('/api/cards/import', { csv: 'x'.repeat(9 * 1024 * 1024) })).status).toBe(413);
    expect((await srv.client().post('/api/cards/import', { csv: 'Slot,Title\n1,A' })).status).toBe(401);
    expect(await slots(client)).toEqual([]);
  });

  it('refuses a view-only account (an ended trial)', async () => {
    const { client } = await accountWithClient(srv, 'trial_expired');
    const res = await preview(client, csvOf(ratioRows(1)));
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'upgrade_required', requiresUpgrade: true });
  });

  it('round trip: export, then import into an empty account, gives the same cards (photos become placeholders)', async () => {
    const { client } = await registerTrialUser(srv);
    await upload(client, 1, { title: '1986 Fleer Michael Jordan', description: 'PSA 8 NM-MT • Cert #11112222', value: '$4,500', allTimeHigh: '$5,000' });
    await client.patch('/api/cards/1', { value: '$6,000' });
    await client.patch('/api/cards/1', { value: '$5,500' });
    await upload(client, 3, { title: '+1 rookie, "quoted"', description: 'line one\nline two', value: 'trade only' });
    await upload(client, 12, { title: 'Bare card' });
    await upload(client, 14, {
      subject: 'Luka Doncic',
      year: '2018-19',
      set: 'Panini Prizm',
      cardNumber: '280',
      variety: 'Silver',
      sport: 'Basketball',
      serial: '12/99',
      grader: 'BGS',
      grade: '9.5',
      qualifier: 'Black Label',
      certNumber: '0012345678',
      autographGrade: '10',
      subgrades: JSON.stringify({ centering: 9.5, corners: 10, edges: null, surface: 9.5 }),
      costCents: '125050',
      acquiredOn: '2024-02-29',
      source: '=cmd|x',
      notes: 'Line one\nline "two", three',
    });
    const csv = (await exportOf(client)).text;

    const fresh = await registerTrialUser(srv);
    const done = await importCsv(fresh.client, csv);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ format: 'ratio', imported: 4, errorCount: 0 });
    const before = await slots(client);
    const after = await slots(fresh.client);
    expect(after.map(same)).toEqual(before.map(same));
    expect(before[3]).toMatchObject({ subgrades: { centering: 9.5, corners: 10, edges: null, surface: 9.5 }, source: '=cmd|x', costCents: 125_050 });
    expect(after.every((c) => c.imageUrl === null)).toBe(true);
    expect(after[0]).toMatchObject({ allTimeHigh: '$6,000', allTimeHighCents: 600000 });
  });

  it('refuses a 5,000-row import past the tier limit as a whole (the limit explained first), and adds 1,000 rows for a PRO user', async () => {
    const { client } = await accountWithClient(srv, 'pro');
    const psaRows = (n: number) => [
      ['Year', 'Brand', 'Subject', 'Grade', 'Cert Number'],
      ...Array.from({ length: n }, (_, i) => ['2020', 'Prizm', `Player ${i + 1}`, '10', String(50_000_000 + i)]),
    ];
    const big = csvOf(psaRows(5000));
    const look = await preview(client, big);
    expect(look.body).toMatchObject({ format: 'psa', rows: 5000, errorCount: 4000, cardCount: 1000 });
    expect(look.body.limit).toEqual({
      maxSlots: 1000,
      room: 1000,
      fitting: 1000,
      over: 4000,
      overRows: 4000,
      withPro: null,
      message:
        'Your gallery has room for 1,000 more cards: the 1,000 cards of lines 2–1,001 fit. The other 4,000 cards need more room than your gallery has: remove cards first, or import them later.',
    });
    expect(look.body.errors[0]).toEqual({ line: 1002, kind: 'over_limit', message: 'No room: your gallery holds 1,000 cards' });
    expect(look.body.errors.length).toBe(200);
    expect(new Set(look.body.errors.map((e) => e.kind))).toEqual(new Set(['over_limit']));
    const refused = await importCsv(client, big);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ errorCount: 4000 });
    expect(await slots(client)).toEqual([]);

    const done = await importCsv(client, csvOf(ratioRows(1000)));
    expect(done.status).toBe(200);
    expect(done.body.imported).toBe(1000);
    const cards = await slots(client);
    expect(cards.length).toBe(1000);
    expect(cards.at(-1)).toMatchObject({ slotNumber: 1000, title: 'Card 1000', valueCents: 1250, imageUrl: null });
  });
});
