import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSlotView } from '../../core/contracts/cards.types.ts';
import fs from 'node:fs';
import path from 'node:path';
import { describeCerts, describeImport, readMapOptions, runCardsCerts, runCardsExport, runCardsImport } from '../../cli/commands/cards.ts';
import { NO_PSA, createPsaClient } from '../../api/services/intake/psa-client.ts';
import { jpegWithExif } from '../fixtures/images.ts';
import { psaRecord, startPsaEmulator } from '../helpers/psa-emulator.ts';
import { registerTrialUser, registerUser, startTestServer, type TTestServer } from '../helpers/server.ts';

let srv: TTestServer;
beforeAll(async () => {
  srv = await startTestServer({ rateLimitScale: 100 });
});
afterAll(async () => {
  await srv?.close();
});

describe('ratio cards', () => {
  it('import adds a PSA-style file (after a dry run that writes nothing); export gives them back', async () => {
    const { client, input } = await registerTrialUser(srv);
    const csv = 'Year,Brand,Subject,Grade,Cert Number,Value\n2020,Prizm,Justin Herbert,10,44445555,$300\n';
    const dry = await runCardsImport(srv.deps.db, { email: input.email, csv, dryRun: true });
    expect(describeImport(dry, true)).toEqual(['1 row read (PSA-style export).', '1 card would be added (dry run; nothing written).']);
    expect((await client.get<TSlotView[]>('/api/cards')).body).toEqual([]);
    const done = await runCardsImport(srv.deps.db, { email: input.email, csv });
    expect(done.imported).toBe(1);
    expect((await client.get<TSlotView[]>('/api/cards')).body[0]).toMatchObject({ slotNumber: 1, title: '2020 Prizm Justin Herbert', valueCents: 30000 });
    const out = await runCardsExport(srv.deps.db, { email: input.email, baseUrl: 'https://ratio.example' });
    expect(out.split('\r\n')[1]).toMatch(/^1,2020 Prizm Justin Herbert,PSA 10 GEM MT,\$300,300\.00,\$300,300\.00,PSA,10,44445555,,2020,Prizm,,Justin Herbert,/);
  });

  it('import lists row errors and writes nothing; an unknown email is refused', async () => {
    const { client, input } = await registerUser(srv);
    const csv = 'Slot,Title,Value\n12,Too far,$5\n';
    const result = await runCardsImport(srv.deps.db, { email: input.email, csv });
    expect(describeImport(result, false)).toEqual([
      '1 row read (Ratio export).',
      '1 row has an error: nothing was imported.',
      '  line 2: Slot 12 is beyond your 10 slots',
      'Your gallery has room for 10 more cards. The other card needs PRO, which holds 1,000 cards.',
    ]);
    expect((await client.get<TSlotView[]>('/api/cards')).body).toEqual([]);
    await expect(runCardsExport(srv.deps.db, { email: 'ghost@example.com', baseUrl: 'https://x' })).rejects.toThrow(/no user/);
  });

  it('import reads every format: the real PSA export, Collectr, Card Ladder, CollX, and another app with --map; --only-valid adds the good rows', async () => {
    const { client, input } = await registerTrialUser(srv);
    const root = path.resolve(import.meta.dirname, '../..');
    const read = (file: string) => fs.readFileSync(path.join(root, 'tests/fixtures/exports', file), 'utf8');
    const realPsa = path.join(root, '../shared/real-exports/psa-my-collection-49.csv');
    let expected = 0;
    if (fs.existsSync(realPsa)) {
      const done = await runCardsImport(srv.deps.db, { email: input.email, csv: fs.readFileSync(realPsa, 'utf8') });
      expect(describeImport(done, false)).toEqual(['49 rows read (PSA My Collection export).', '49 cards added.']);
      expected += 49;
    } else console.log(`skipped the real PSA export: not at ${realPsa}`);
    const collectr = await runCardsImport(srv.deps.db, { email: input.email, csv: read('collectr.csv') });
    expect(collectr.imported).toBe(0);
    expect(describeImport(collectr, false)).toContain('Run again with --only-valid to add the 6 cards of the good rows.');
    expect((await runCardsImport(srv.deps.db, { email: input.email, csv: read('collectr.csv'), onlyValid: true })).imported).toBe(6);
    expect((await runCardsImport(srv.deps.db, { email: input.email, csv: read('card-ladder.csv') })).imported).toBe(4);
    expect((await runCardsImport(srv.deps.db, { email: input.email, csv: read('collx.csv') })).imported).toBe(4);
    const guessed = await runCardsImport(srv.deps.db, { email: input.email, csv: read('other-app.csv'), dryRun: true });
    expect(describeImport(guessed, true)[1]).toMatch(/^Columns guessed \(check them; set them with --map field=Column\): subject=Player, set=Brand \/ Set/);
    const mapping = readMapOptions([
      'subject=Player',
      'year=Yr',
      'set=Brand / Set',
      'cardNumber=No.',
      'grader=Grading Co',
      'grade=Grade',
      'certNumber=Cert',
      'cost=Paid',
      'value=Worth',
      'acquiredOn=Bought',
    ]);
    expect((await runCardsImport(srv.deps.db, { email: input.email, csv: read('other-app.csv'), mapping })).imported).toBe(3);
    expect((await client.get<TSlotView[]>('/api/cards')).body).toHaveLength(expected + 17);
    expect(() => readMapOptions(['team=Team'])).toThrow(/a field is one of/);
    const psa = await runCardsExport(srv.deps.db, { email: input.email, baseUrl: 'https://ratio.example', layout: 'psa-collection' });
    expect(psa.split('\r\n')[0]).toBe(
      '\ufeffItem Status,Item,Cert Number,Grade Issuer,Grade,Autograph Grade,Year,Set,Card Number,Subject,Variety,Serial,Category,My Cost,PSA Estimate,Gain/Loss,My Value,Date Acquired,Source,My Notes,Vault Status,Vaulted Date,Days Vaulted,Listing Status,Listing Date,Listing Price,Sold Status,Sold On,Sold Date,Sold Price,Sold Fees,Sold Proceeds,Payment Date',
    );
  });

  it('certs adds a card per cert: without a token with the cert only, with PSA (emulator) filled, with its photo and population', async () => {
    const { client, input } = await registerTrialUser(srv);
    const plain = await runCardsCerts(srv.deps.db, { email: input.email, text: '11223344\n11223344\nabc\n', psa: NO_PSA, images: srv.deps.images });
    expect(describeCerts(plain)).toEqual([
      'PSA lookup unavailable: each card is made with its cert number, and you fill in the rest.',
      '  "abc": A PSA cert number is 7 to 9 digits',
      '1 repeated cert number added once.',
      '  #11223344 added to slot 1 (PSA lookup unavailable)',
      '1 card added.',
    ]);
    const psa = await startPsaEmulator({ '55667788': psaRecord('55667788') }, await jpegWithExif(400, 700));
    try {
      const client2 = createPsaClient({ token: psa.token, baseUrl: psa.baseUrl, callsPerMinute: 6000 });
      const seen: number[] = [];
      const filled = await runCardsCerts(srv.deps.db, {
        email: input.email,
        text: '55667788 11223344',
        psa: client2,
        images: srv.deps.images,
        onProgress: (d) => seen.push(d),
      });
      expect(describeCerts(filled)).toEqual([
        '  #55667788 added to slot 2: 2018 Topps Chrome Shohei Ohtani Refractor #193 (population 1,000 at this grade)',
        '  #11223344 This slab is already on your wall: cert #11223344 is the card in slot 1.',
        '1 card added.',
      ]);
      expect(seen.at(-1)).toBe(2);
    } finally {
      await psa.close();
    }
    const wall = (await client.get<TSlotView[]>('/api/cards')).body;
    expect(wall[1]).toMatchObject({ slotNumber: 2, subject: 'Shohei Ohtani', populationAtGrade: 1000, thumbUrl: expect.stringMatching(/^\/api\/images\//) });
  });
});
