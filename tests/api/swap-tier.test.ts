import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSlotView } from '../../core/contracts/cards.types.ts';
import { accountWithClient, addCards, type TAccountPreset } from '../helpers/factories.ts';
import type { TestClient } from '../helpers/http.ts';
import { startTestServer, type TTestServer } from '../helpers/server.ts';

/** docs/choices.md 43 item 3: card swap is a PRO feature (docs/choices.md 4), refused by the server like share links. */

let srv: TTestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv?.close();
});

const titles = async (client: TestClient) =>
  (await client.get<TSlotView[]>('/api/cards')).body.filter((s) => !s.isEmpty).map((s) => `${s.slotNumber}:${s.title}`);

describe('POST /api/cards/swap by tier', () => {
  for (const preset of ['free', 'trial_expired'] as TAccountPreset[]) {
    it(`a ${preset} account is refused with 403 requiresUpgrade and its cards stay put`, async () => {
      const { user, client } = await accountWithClient(srv, preset);
      await addCards(srv.deps.db, user, 2);
      for (const pair of [
        { fromSlot: 1, toSlot: 2 },
        { fromSlot: 1, toSlot: 5 },
      ]) {
        const res = await client.post('/api/cards/swap', pair);
        expect(res.status).toBe(403);
        expect(res.body.error).toMatchObject({ code: 'upgrade_required', requiresUpgrade: true });
      }
      expect(await titles(client)).toEqual(['1:Card 1', '2:Card 2']);
    });
  }

  for (const preset of ['trial', 'pro', 'grandfathered'] as TAccountPreset[]) {
    it(`a ${preset} account swaps`, async () => {
      const { user, client } = await accountWithClient(srv, preset);
      await addCards(srv.deps.db, user, 2);
      expect((await client.post('/api/cards/swap', { fromSlot: 1, toSlot: 2 })).status).toBe(200);
      expect(await titles(client)).toEqual(['1:Card 2', '2:Card 1']);
    });
  }

  it('a trial that ends between two swaps: the second is refused', async () => {
    const { user, client } = await accountWithClient(srv, 'trial');
    await addCards(srv.deps.db, user, 2);
    expect((await client.post('/api/cards/swap', { fromSlot: 1, toSlot: 2 })).status).toBe(200);
    srv.advance(8 * 24 * 3600 * 1000);
    try {
      const res = await client.post('/api/cards/swap', { fromSlot: 1, toSlot: 2 });
      expect(res.status).toBe(403);
      expect(res.body.error?.requiresUpgrade).toBe(true);
    } finally {
      srv.advance(-8 * 24 * 3600 * 1000);
    }
  });
});
