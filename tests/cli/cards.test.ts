import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSlotView } from '../../core/contracts/cards.types.ts';
import { describeImport, runCardsExport, runCardsImport } from '../../cli/commands/cards.ts';
import { registerTrialUser, registerUser, startTestServer, type TTestServer } from '../helpers/server.ts';

let srv: TTestServer;
beforeAll(async () => { srv = await startTestServer({ rateLimitScale: 100 }); });
afterAll(async () => { await srv?.close(); });

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
      '1 row read (Ratio export).', '1 row has an error: nothing was imported.', '  line 2: Slot 12 is beyond your 10 slots',
      'Your gallery has room for 10 more cards. The other card needs PRO, which holds 1,000 cards.',
    ]);
    expect((await client.get<TSlotView[]>('/api/cards')).body).toEqual([]);
    await expect(runCardsExport(srv.deps.db, { email: 'ghost@example.com', baseUrl: 'https://x' })).rejects.toThrow(/no user/);
  });
});
