import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSlotView } from '../../core/contracts/cards.types.ts';
import type { TImportAnswer } from '../../core/contracts/csv.types.ts';
import { EXPORT_LAYOUTS } from '../../core/csv/export-layouts.ts';
import type { TApiBody, TestClient } from '../helpers/http.ts';
import { registerTrialUser, registerUser, startTestServer, type TTestServer } from '../helpers/server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const REAL_PSA = path.join(ROOT, '../shared/real-exports/psa-my-collection-49.csv');
const fixture = (name: string) => fs.readFileSync(path.join(ROOT, 'tests/fixtures/exports', name), 'utf8');

let srv: TTestServer;
beforeAll(async () => {
  srv = await startTestServer({ rateLimitScale: 100, env: { PUBLIC_URL: 'https://ratio.example' } });
});
afterAll(async () => {
  await srv?.close();
});

type TAnswer = TImportAnswer & TApiBody;
const preview = (client: TestClient, csv: string, extra: Record<string, unknown> = {}) => client.post<TAnswer>('/api/cards/import/preview', { csv, ...extra });
const importCsv = (client: TestClient, csv: string, extra: Record<string, unknown> = {}) => client.post<TAnswer>('/api/cards/import', { csv, ...extra });
const slots = async (client: TestClient) => (await client.get<TSlotView[]>('/api/cards')).body;

describe('the real PSA My Collection export', () => {
  it.runIf(fs.existsSync(REAL_PSA))('imports whole: 49 cards with their certs, grades, subjects, values and costs', async () => {
    const { client } = await registerTrialUser(srv);
    const csv = fs.readFileSync(REAL_PSA, 'utf8');
    const look = await preview(client, csv);
    expect(look.body).toMatchObject({
      format: 'psa-collection',
      layoutName: 'PSA My Collection export',
      rows: 49,
      cardCount: 49,
      errorCount: 0,
      alreadyCount: 0,
      limit: null,
    });
    const done = await importCsv(client, csv);
    expect(done.body.imported).toBe(49);
    const cards = await slots(client);
    const records = parse(csv, { bom: true, columns: true }) as Record<string, string>[];
    expect(cards).toHaveLength(49);
    for (const [i, r] of records.entries()) {
      const dollars = (cell: string | undefined) => (cell && cell !== '-' ? Math.round(Number(cell) * 100) : null);
      expect(cards[i], `row ${i + 2}`).toMatchObject({
        slotNumber: i + 1,
        certNumber: r['Cert Number'],
        grader: 'PSA',
        grade: Number(r.Grade),
        subject: r.Subject,
        year: r.Year,
        set: r.Set,
        cardNumber: r['Card Number'],
        valueCents: dollars(r['My Value']) ?? dollars(r['PSA Estimate']),
      });
      expect(cards[i]!.costCents ?? null).toBe(dollars(r['My Cost']));
    }
    // Imported again: nothing twice.
    const again = await importCsv(client, csv);
    expect(again.body).toMatchObject({ imported: 0, alreadyCount: 49 });
    expect(await slots(client)).toHaveLength(49);
  });
  if (!fs.existsSync(REAL_PSA)) console.log(`skipped: the real PSA export is not at ${REAL_PSA}`);
});

describe('Collectr, Card Ladder and CollX exports', () => {
  it.each([
    ['collectr.csv', 'collectr', 6, 1, 4],
    ['card-ladder.csv', 'card-ladder', 4, 0, 3],
    ['collx.csv', 'collx', 4, 0, 4],
  ] as const)('%s is known by its header and imported (quantities as that many cards), and only once', async (file, format, cards, errors, rows) => {
    const { client } = await registerTrialUser(srv);
    const look = await preview(client, fixture(file));
    expect(look.body).toMatchObject({ format, cardCount: cards, errorCount: errors });
    const whole = await importCsv(client, fixture(file));
    if (errors > 0) {
      // A row that cannot be imported: all or nothing refuses it, the good rows go in when asked.
      expect(whole.status).toBe(422);
      expect(await slots(client)).toEqual([]);
      expect((await importCsv(client, fixture(file), { onlyValid: true })).body.imported).toBe(cards);
    } else {
      expect(whole.body.imported).toBe(cards);
    }
    expect(await slots(client)).toHaveLength(cards);
    expect((await importCsv(client, fixture(file), { onlyValid: true })).body).toMatchObject({ imported: 0, alreadyCount: rows });
    expect(await slots(client)).toHaveLength(cards);
  });
});

describe('another app: the column mapping', () => {
  it('asks for the columns, imports by the mapping, and remembers it for files with that header', async () => {
    const { client } = await registerTrialUser(srv);
    const csv = fixture('other-app.csv');
    const first = await preview(client, csv);
    expect(first.body).toMatchObject({
      format: 'mapped',
      needsMapping: true,
      mappingSource: 'guessed',
      header: ['Player', 'Yr', 'Brand / Set', 'No.', 'Grading Co', 'Grade', 'Cert', 'Paid', 'Worth', 'Bought'],
    });
    expect(first.body.mapping).toMatchObject({ subject: 'Player', certNumber: 'Cert', cost: 'Paid' });
    expect((await importCsv(client, csv)).body.error?.code).toBe('csv_mapping_needed');

    const mapping = { ...first.body.mapping, year: 'Yr', value: 'Worth', acquiredOn: 'Bought' };
    const mapped = await preview(client, csv, { mapping });
    expect(mapped.body).toMatchObject({ needsMapping: false, mappingSource: 'sent', cardCount: 3, errorCount: 0 });
    expect(mapped.body.cards[0]).toMatchObject({
      title: '1989 Upper Deck Ken Griffey Jr. #1',
      grader: 'PSA',
      grade: 8,
      certNumber: '44556677',
      valueCents: 30_000,
      costCents: 12_000,
      acquiredOn: '2024-06-01',
    });
    expect((await importCsv(client, csv, { mapping })).body.imported).toBe(3);

    // Another file with the same columns: the mapping is remembered.
    const next = 'Player,Yr,Brand / Set,No.,Grading Co,Grade,Cert,Paid,Worth,Bought\nRoberto Clemente,1955,Topps,164,SGC,4,1234567,$900,"$1,500",01/15/2022\n';
    const remembered = await preview(client, next);
    expect(remembered.body).toMatchObject({ needsMapping: false, mappingSource: 'remembered', cardCount: 1 });
    expect((await importCsv(client, next)).body.imported).toBe(1);
    // Remembered for this collector only.
    const stranger = await registerTrialUser(srv);
    expect((await preview(stranger.client, next)).body.mappingSource).toBe('guessed');
  });
});

describe('rows that cannot be read, and the tier limit', () => {
  it('lists each bad row with its line and reason; the collector imports the good rows or nothing', async () => {
    const { client } = await registerTrialUser(srv);
    const csv =
      'Year,Brand,Subject,Grade,Cert Number,Value\n2018,Prizm,Good One,10,11111111,$5\n18,Prizm,Bad Year,10,22222222,$5\n2019,Prizm,Bad Value,9,33333333,lots\n2020,Prizm,Good Two,9,44444444,$7\n2021,Prizm,Twice,9,44444444,$7\n';
    const look = await preview(client, csv);
    expect(look.body.errors.map((e) => [e.line, e.kind, e.message])).toEqual([
      [3, 'bad_field', "Year '18': A year is four digits, e.g. 2018 or 2018-19"],
      [4, 'bad_value', "Value 'lots' is not an amount (e.g. $1,250.00)"],
      [6, 'duplicate', 'Cert #44444444 is also on line 5'],
    ]);
    expect(look.body.cards.map((c) => [c.line, c.slotNumber])).toEqual([
      [2, 1],
      [5, 2],
    ]);
    const nothing = await importCsv(client, csv);
    expect([nothing.status, nothing.body.error?.code]).toEqual([422, 'import_rows_invalid']);
    expect(await slots(client)).toEqual([]);
    const good = await importCsv(client, csv, { onlyValid: true });
    expect(good.body).toMatchObject({ imported: 2, errorCount: 3 });
    expect((await slots(client)).map((c) => c.subject)).toEqual(['Good One', 'Good Two']);
  });

  it('a 2,984-row file for a free account: the limit explained first, the rows that fit imported on request', async () => {
    const { client } = await registerUser(srv);
    const rows = Array.from({ length: 2984 }, (_, i) => `Basketball,${i + 1},Player ${i + 1},,2020,Panini,Prizm,,,`);
    const csv = ['category,number,name,team,year,brand,set,flags,front_image,back_image', ...rows].join('\n');
    const look = await preview(client, csv);
    expect(look.body).toMatchObject({ format: 'collx', cardCount: 10, errorCount: 2974 });
    expect(look.body.limit?.message).toBe(
      'Your gallery has room for 10 more cards: the 10 cards of lines 2–11 fit. With PRO, 990 more would fit; the other 1,984 cards need more room than a gallery holds (1,000 cards).',
    );
    expect((await importCsv(client, csv)).status).toBe(422);
    expect(await slots(client)).toEqual([]);
    expect((await importCsv(client, csv, { onlyValid: true })).body.imported).toBe(10);
    expect((await slots(client)).at(-1)).toMatchObject({ slotNumber: 10, subject: 'Player 10' });
  });
});

describe('export to each layout, on every tier', () => {
  it('a free account exports every layout, and each file imports back into another account', async () => {
    const { client } = await registerUser(srv);
    await importCsv(client, fixture('card-ladder.csv'));
    const before = await slots(client);
    for (const layout of EXPORT_LAYOUTS) {
      const res = await client.get<string>(`/api/cards/export.csv?layout=${layout}`);
      expect(res.status, layout).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(
        new RegExp(`filename="${layout === 'ratio' ? 'ratio-cards' : layout === 'psa-collection' ? 'psa-my-collection' : layout}-\\d{4}-\\d{2}-\\d{2}\\.csv"`),
      );
      const other = await registerTrialUser(srv);
      const back = await importCsv(other.client, res.text);
      expect([back.body.format, back.body.imported], layout).toEqual([layout, 4]);
      const after = await slots(other.client);
      expect(after.map((c) => c.subject)).toEqual(before.map((c) => c.subject));
      if (layout !== 'collx')
        expect(after.map((c) => [c.grader, c.grade ?? null, c.valueCents])).toEqual(before.map((c) => [c.grader, c.grade ?? null, c.valueCents]));
    }
    expect((await client.get('/api/cards/export.csv?layout=excel')).status).toBe(400);
  });
});
