/**
 * Market values (docs/choices.md 45) through the real SportsCardsPro client against its emulator: matching
 * a card and keeping the product, grade fallback, fixing a match, faults (429, time-out, a changed
 * answer shape, an outage, no match) that keep the last known value, the value that counts, value
 * history, P&L and sales, price alerts, and the admin counts. On PGlite and PostgreSQL.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TMarketView, TSlotView } from '../../core/contracts/cards.types.ts';
import type { TCardHistoryAnswer, TTotalHistoryAnswer } from '../../core/contracts/csv.types.ts';
import type { TAdminPricesAnswer, TAlertView, TProfitAnswer } from '../../core/contracts/prices.types.ts';
import { DAY_MS } from '../../core/limits.ts';
import { CardMarket } from '../../db/models/CardMarket.ts';
import { CardSlot } from '../../db/models/CardSlot.ts';
import { User as UserModel, type User } from '../../db/models/User.ts';
import { sendPriceAlerts } from '../../api/services/prices/price-alerts.ts';
import { LOOKAHEAD, refreshPrices } from '../../api/services/prices/refresh-prices.ts';
import { createSportsCardsPro } from '../../api/services/prices/sportscardspro.ts';
import { accountWithClient } from '../helpers/factories.ts';
import type { TApiBody, TestClient } from '../helpers/http.ts';
import { startTestServer, type TTestServer } from '../helpers/server.ts';
import { EMULATOR_TOKEN, SportsCardsProEmulator } from '../helpers/sportscardspro/emulator.ts';

let emu: SportsCardsProEmulator;
let srv: TTestServer;
beforeAll(async () => {
  emu = await SportsCardsProEmulator.start();
  srv = await startTestServer({ rateLimitScale: 100, env: { ...emu.env, PUBLIC_URL: 'http://ratio.test' } });
});
afterAll(async () => {
  await srv?.close();
  await emu?.close();
});
beforeEach(() => {
  emu.setFault(null);
  emu.products.clear();
  emu.add({
    id: '1001',
    'product-name': 'Shohei Ohtani #193',
    'console-name': 'Baseball Cards 2018 Topps Chrome',
    'loose-price': 6000,
    'cib-price': 9000,
    'new-price': 12000,
    'graded-price': 35000,
    'box-only-price': 60000,
    'manual-only-price': 120000,
    'bgs-10-price': 150000,
  });
  emu.add({
    id: '1002',
    'product-name': 'Shohei Ohtani [Refractor] #193',
    'console-name': 'Baseball Cards 2018 Topps Chrome',
    'manual-only-price': 300000,
    'graded-price': 80000,
  });
  emu.add({
    id: '2001',
    'product-name': 'Luka Doncic #280',
    'console-name': 'Basketball Cards 2018 Panini Prizm',
    'graded-price': 26000,
    'box-only-price': 42000,
  });
});

type TCardSeed = Partial<CardSlot> & { slotNumber: number };
const OHTANI = { title: '2018 Topps Chrome Shohei Ohtani #193', year: '2018', set: 'Topps Chrome', cardNumber: '193', subject: 'Shohei Ohtani' };

async function collector(cards: TCardSeed[]): Promise<{ user: User; client: TestClient }> {
  const account = await accountWithClient(srv, 'pro');
  for (const c of cards) {
    await CardSlot.query(srv.deps.db).insert({ userId: account.user.id, title: 'Card', description: '', ...c });
  }
  return account;
}
const cards = async (client: TestClient) => (await client.get<TSlotView[]>('/api/cards')).body;
/** The viewer's whole market value of a card (the wall's answer carries the price only). */
const marketOf = async (client: TestClient, slot: number) => (await client.get<{ market: TMarketView | null }>(`/api/cards/${slot}/market`)).body.market;
const refresh = (client: TestClient, slot: number) => client.post<{ outcome: string; card: TSlotView } & TApiBody>(`/api/cards/${slot}/market/refresh`);
const jobOptions = (email: string, staleAfterMs = 0) => ({
  db: srv.deps.db,
  prices: srv.deps.prices,
  clock: srv.deps.clock,
  email,
  staleAfterMs,
  maxConsecutiveFailures: 2,
});
const runJob = (email: string, staleAfterMs = 0) => refreshPrices(jobOptions(email, staleAfterMs));

describe('matching and grades', () => {
  it('matches a card by year, set, number and subject, keeps the product, and prices its grade from SportsCardsPro', async () => {
    const { client } = await collector([{ slotNumber: 1, ...OHTANI, grader: 'PSA', grade: 10, value: '$900', valueCents: 90000 }]);
    const before = emu.requests.length;
    const res = await refresh(client, 1);
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('priced');
    const today = srv.deps.clock().toISOString().slice(0, 10);
    expect(res.body.card.market).toEqual({
      cents: 120000,
      label: 'PSA 10',
      source: 'SportsCardsPro',
      isMarketData: true,
      asOf: today,
      productId: '1001',
      productName: 'Baseball Cards 2018 Topps Chrome Shohei Ohtani #193',
      match: 'auto',
    });
    const calls = emu.requests.slice(before);
    expect(calls.map((r) => r.path)).toEqual(['/api/products', '/api/product']);
    expect(calls[0]!.params.q).toBe('Shohei Ohtani 2018 Topps Chrome #193');
    // Matched once: the next look-up asks for the product only.
    const again = emu.requests.length;
    await refresh(client, 1);
    expect(emu.requests.slice(again).map((r) => r.path)).toEqual(['/api/product']);
    // The own value is untouched beside it; the wall's answer carries the price only, the viewer's call the rest.
    const [wall] = await cards(client);
    expect(wall).toMatchObject({ value: '$900', valueCents: 90000 });
    expect(wall!.market).toEqual({ cents: 120000 });
    expect(await marketOf(client, 1)).toEqual(res.body.card.market);
  });

  it("takes the nearest grade when the card's is missing, and says which", async () => {
    const { client } = await collector([
      { slotNumber: 1, ...OHTANI, grader: 'PSA', grade: 8.5 },
      { slotNumber: 2, ...OHTANI, grader: 'SGC', grade: 10 },
      { slotNumber: 3, title: 'Luka', year: '2018', set: 'Panini Prizm', cardNumber: '280', subject: 'Luka Doncic', grader: 'BGS', grade: 9.5 },
    ]);
    expect((await refresh(client, 1)).body.card.market).toMatchObject({ cents: 12000, label: 'Grade 8', estimatedFrom: 8 });
    expect((await refresh(client, 2)).body.card.market).toMatchObject({ cents: 60000, label: 'Grade 9.5', estimatedFrom: 9.5 });
    expect((await refresh(client, 3)).body.card.market).toMatchObject({ cents: 42000, label: 'Grade 9.5', productId: '2001' });
  });

  it('a card no product fits is marked so; the collector fixes a wrong match and it stays fixed', async () => {
    const { client } = await collector([
      { slotNumber: 1, title: 'Nobody', year: '1999', set: 'Upper Deck', cardNumber: '1', subject: 'Nobody Known', grader: 'PSA', grade: 9 },
      { slotNumber: 2, ...OHTANI, grader: 'PSA', grade: 10 },
    ]);
    const none = await refresh(client, 1);
    expect(none.body).toMatchObject({ outcome: 'no_match', card: { market: { match: 'none' } } });
    expect(none.body.card.market).not.toHaveProperty('cents');
    expect(none.body.card.market).not.toHaveProperty('productId');
    // The wall carries a price alone: neither card has one. The viewer's call says the first was looked up and why it has none; the
    // second was never looked up; an empty slot is a 404.
    expect((await cards(client)).map((c) => c.market)).toEqual([undefined, undefined]);
    expect(await marketOf(client, 1)).toMatchObject({ match: 'none' });
    expect(await marketOf(client, 2)).toBeNull();
    const empty = await client.get('/api/cards/30/market');
    expect([empty.status, empty.body.error?.code]).toEqual([404, 'slot_empty']);

    await refresh(client, 2);
    const search = await client.get<{ products: Array<{ id: string; name: string }> } & TApiBody>('/api/cards/2/market/search?q=Ohtani%20Refractor');
    expect(search.status).toBe(200);
    expect(search.body.products.map((p) => p.id)).toContain('1002');
    const fixed = await client.patch<{ card: TSlotView } & TApiBody>('/api/cards/2/market', { productId: '1002' });
    expect(fixed.status).toBe(200);
    expect(fixed.body.card.market).toMatchObject({ productId: '1002', match: 'fixed', cents: 300000 });
    const before = emu.requests.length;
    expect((await refresh(client, 2)).body.card.market).toMatchObject({ productId: '1002', match: 'fixed' });
    expect(emu.requests.slice(before).map((r) => r.params.id)).toEqual(['1002']);
    // A product that does not exist is refused and changes nothing.
    const bad = await client.patch('/api/cards/2/market', { productId: '999999' });
    expect(bad.status).toBe(404);
    expect(bad.body.error?.code).toBe('no_such_product');
    expect(await marketOf(client, 2)).toMatchObject({ productId: '1002', cents: 300000 });
    // The card becomes another card: its product is matched again at the next look-up.
    const edited = await client.patch<TSlotView>('/api/cards/2', { cardNumber: '280', subject: 'Luka Doncic', set: 'Panini Prizm' });
    expect(edited.body.market).toEqual(expect.objectContaining({ cents: 300000 }));
    expect(edited.body.market).not.toHaveProperty('productId');
    expect(edited.body.market).not.toHaveProperty('match');
    expect((await refresh(client, 2)).body.card.market).toMatchObject({ productId: '2001', match: 'auto' });
  });
});

describe('faults keep the last known value', () => {
  it('an outage, a time-out and a changed answer shape answer 503 and keep the value; the card says why', async () => {
    const { client } = await collector([{ slotNumber: 1, ...OHTANI, grader: 'PSA', grade: 10 }]);
    await refresh(client, 1);
    for (const fault of ['500', 'timeout', 'shape'] as const) {
      emu.setFault(fault);
      const res = await refresh(client, 1);
      expect(res.status).toBe(503);
      expect(res.body.error?.code).toBe('prices_unavailable');
      expect((await cards(client))[0]!.market).toEqual({ cents: 120000 });
      const market = await marketOf(client, 1);
      expect(market).toMatchObject({ cents: 120000, productId: '1001' });
      expect(market!.error).toMatch(fault === '500' ? /answered 500/ : fault === 'timeout' ? /did not answer within 1000 ms/ : /shape Ratio does not know/);
    }
    emu.setFault(null);
    const back = (await refresh(client, 1)).body.card.market;
    expect(back).toMatchObject({ cents: 120000 });
    expect(back).not.toHaveProperty('error');
  });

  it('the refresh job waits out a 429 and goes on; an outage stops it and zeroes nothing', async () => {
    const { user, client } = await collector([
      { slotNumber: 1, ...OHTANI, grader: 'PSA', grade: 10 },
      { slotNumber: 2, ...OHTANI, grader: 'PSA', grade: 9 },
      { slotNumber: 3, ...OHTANI, grader: 'BGS', grade: 10 },
    ]);
    emu.setFault('429', 2);
    emu.retryAfterSeconds = 0;
    const first = await runJob(user.email);
    expect(first).toMatchObject({ due: 3, priced: 3, failed: 0, outage: null });
    expect((await cards(client)).map((c) => c.market?.cents)).toEqual([120000, 35000, 150000]);

    emu.setFault('500');
    const down = await runJob(user.email);
    expect(down).toMatchObject({ due: 3, priced: 0, failed: 2, outage: 'SportsCardsPro answered 500' });
    const after = await cards(client);
    expect(after.map((c) => c.market?.cents)).toEqual([120000, 35000, 150000]);
    expect((await marketOf(client, 1))!.error).toBe('SportsCardsPro answered 500');
  });

  it("a 429's Retry-After holds the look-ups already on their way too, then the job goes on", async () => {
    const { user, client } = await collector([1, 2, 3].map((slotNumber) => ({ slotNumber, ...OHTANI, grader: 'PSA' as const, grade: 10 })));
    // 5 requests a second: the look-ups after the first wait their turns 200 ms apart, and the 429 comes back well before the next.
    const prices = createSportsCardsPro({ token: EMULATOR_TOKEN, baseUrl: emu.url, timeoutMs: 5000, ratePerSecond: 5, clock: srv.deps.clock });
    await prices.search('warm the connection'); // so the first look-up's request is not slowed by the connection's setup
    emu.setFault('429', 1);
    emu.retryAfterSeconds = 1;
    const before = emu.requests.length;
    expect(await refreshPrices({ ...jobOptions(user.email), prices })).toMatchObject({ due: 3, priced: 3, failed: 0, outage: null });
    emu.retryAfterSeconds = 0;
    const [limited, ...rest] = emu.requests.slice(before);
    // The first request met the 429; the later ones (the other cards' look-ups included) waited the second it asked for:
    // at most one went out before the 429 came back (unheld, the next four would go at 200, 400, 600 and 800 ms).
    expect(rest).toHaveLength(6);
    expect(rest.filter((r) => r.at - limited!.at < 990).length).toBeLessThanOrEqual(1);
    expect((await cards(client)).map((c) => c.market?.cents)).toEqual([120000, 120000, 120000]);
  });

  it("a collector's look-up while a 429's Retry-After holds longer than a request's time limit answers 503 without waiting it out or asking", async () => {
    const { client } = await collector([{ slotNumber: 1, ...OHTANI, grader: 'PSA', grade: 10 }]);
    emu.setFault('429', 1);
    emu.retryAfterSeconds = 3; // the test server's time limit is 1 s (PRICES_TIMEOUT_SECONDS)
    expect((await refresh(client, 1)).status).toBe(503);
    emu.retryAfterSeconds = 0;
    const before = emu.requests.length;
    const t0 = Date.now();
    const held = await refresh(client, 1);
    expect([held.status, held.body.error?.code]).toEqual([503, 'prices_unavailable']);
    // Not waited out (that would end in a request): nothing was asked.
    expect(emu.requests.length).toBe(before);
    // Once the hold is over, the look-up goes through.
    await new Promise((r) => setTimeout(r, 3000 - (Date.now() - t0)));
    expect((await refresh(client, 1)).body.outcome).toBe('priced');
  });

  it('pipelined, the job stores in order and stops at an outage as a run one card at a time does: a good answer in flight is not stored', async () => {
    const { user, client } = await collector([1, 2, 3, 4].map((slotNumber) => ({ slotNumber, ...OHTANI, grader: 'PSA' as const, grade: 10 })));
    const progress: Array<[number, number]> = [];
    const first = await refreshPrices({ ...jobOptions(user.email), onProgress: (d, t) => progress.push([d, t]) });
    expect(first).toMatchObject({ due: 4, priced: 4, failed: 0, outage: null });
    expect(progress).toEqual([0, 1, 2, 3, 4].map((d) => [d, 4]));
    const checkedAt = async () =>
      (
        await CardMarket.query(srv.deps.db)
          .join('card_slots', 'card_slots.id', 'card_market.cardId')
          .where('card_slots.userId', user.id)
          .orderBy('card_slots.slotNumber')
      ).map((m) => [new Date(m.checkedAt!).getTime(), m.error]);
    const checked = await checkedAt();

    // The market moves; the provider fails the first two requests and answers the rest. The job stops
    // after the second failure, with the next cards' look-ups already answered: it stores none of them.
    emu.products.get('1001')!['manual-only-price'] = 125000;
    srv.advance(60_000);
    for (const lookahead of [undefined, 0]) {
      emu.setFault('500', 2);
      const before = emu.requests.length;
      const down = await refreshPrices({ ...jobOptions(user.email), lookahead });
      expect(down).toMatchObject({ due: 4, priced: 0, failed: 2, outage: 'SportsCardsPro answered 500' });
      if (lookahead === undefined) expect(emu.requests.length - before).toBe(Math.min(4, LOOKAHEAD + 1));
      expect((await cards(client)).map((c) => c.market?.cents)).toEqual([120000, 120000, 120000, 120000]);
      const now = await checkedAt();
      expect(now.slice(0, 2).map(([, error]) => error)).toEqual(['SportsCardsPro answered 500', 'SportsCardsPro answered 500']);
      expect(now.slice(2)).toEqual(checked.slice(2));
    }
    // The next run takes the price of every card, the two left over included.
    expect(await runJob(user.email)).toMatchObject({ due: 4, priced: 4, outage: null });
    expect((await cards(client)).map((c) => c.market?.cents)).toEqual([125000, 125000, 125000, 125000]);
    // The history holds each market price once: a run that finds the same price again records nothing.
    const marketHistory = async () => (await client.get<TCardHistoryAnswer>('/api/cards/1/history')).body.market.map((p) => p.cents);
    expect(await marketHistory()).toEqual([120000, 125000]);
    expect(await runJob(user.email)).toMatchObject({ priced: 4 });
    expect(await marketHistory()).toEqual([120000, 125000]);
  });
});

describe('staleness, the value that counts, history', () => {
  it('the wall or a card chooses market or own; totals over time move with market prices', async () => {
    const { user, client } = await collector([
      { slotNumber: 1, ...OHTANI, grader: 'PSA', grade: 10, value: '$1,000', valueCents: 100000, costCents: 50000 },
      { slotNumber: 2, ...OHTANI, grader: 'PSA', grade: 9, value: '$300', valueCents: 30000, costCents: 40000 },
    ]);
    await runJob(user.email);
    const own = (await client.get<TProfitAnswer>('/api/cards/profit')).body;
    expect(own.countsValue).toBe('own');
    expect(own.totals).toMatchObject({ heldValueCents: 130000, heldCostCents: 90000, unrealizedCents: 40000 });

    expect((await client.request('PUT', '/api/cards/counts-value', { countsValue: 'market' })).status).toBe(200);
    const market = (await client.get<TProfitAnswer>('/api/cards/profit')).body;
    expect(market.totals).toMatchObject({ heldValueCents: 155000, unrealizedCents: 65000 });
    expect(market.cards.map((c) => c.counts)).toEqual(['market', 'market']);

    const one = await client.patch<{ card: TSlotView }>('/api/cards/2/market', { countsValue: 'own' });
    expect(one.body.card.countsValue).toBe('own');
    expect((await client.get<TProfitAnswer>('/api/cards/profit')).body.totals.heldValueCents).toBe(150000);
    expect((await client.request('PUT', '/api/cards/counts-value', { countsValue: 'best' })).status).toBe(400);

    // The market moves: the history records it and the total follows without typing.
    emu.products.get('1001')!['manual-only-price'] = 130000;
    srv.advance(DAY_MS);
    await runJob(user.email);
    const history = (await client.get<TCardHistoryAnswer>('/api/cards/1/history')).body;
    expect(history.points.map((p) => p.cents)).toEqual([]);
    expect(history.market.map((p) => p.cents)).toEqual([120000, 130000]);
    const total = (await client.get<TTotalHistoryAnswer>('/api/cards/value-history?range=all')).body;
    expect(total.points.at(-1)!.cents).toBe(130000);
  });

  it('a price older than 7 days is stale by its as-of date (core/prices.ts isStale on the answer)', async () => {
    const { isStale } = await import('../../core/prices.ts');
    const { user, client } = await collector([{ slotNumber: 1, ...OHTANI, grader: 'PSA', grade: 10 }]);
    await runJob(user.email);
    const asOf = (await marketOf(client, 1))!.asOf ?? null;
    expect(isStale(asOf, srv.deps.clock())).toBe(false);
    expect(isStale(asOf, new Date(srv.deps.clock().getTime() + 8 * DAY_MS))).toBe(true);
  });
});

describe('P&L and sales', () => {
  it('a sold card leaves the wall, keeps its history, and realized + unrealized = total gain; a CSV of the year', async () => {
    const { client } = await collector([
      { slotNumber: 1, title: '=SUM(A1)', value: '$250', valueCents: 25000, costCents: 10000 },
      { slotNumber: 2, title: 'Held', value: '$80.01', valueCents: 8001, costCents: 10000 },
    ]);
    await client.patch('/api/cards/1', { value: '$260' });
    const sold = await client.post('/api/cards/1/sell', { soldCents: 30000, feesCents: 3999, soldOn: srv.deps.clock().toISOString().slice(0, 10) });
    expect(sold.status).toBe(200);
    expect(sold.body).toMatchObject({ gainCents: 16001, roiPercent: 160 });
    expect((await cards(client)).map((c) => c.slotNumber)).toEqual([2]);
    const profit = (await client.get<TProfitAnswer>('/api/cards/profit')).body;
    expect(profit.totals).toMatchObject({ realizedCents: 16001, unrealizedCents: -1999, totalGainCents: 14002 });
    expect(profit.totals.totalGainCents).toBe(profit.totals.realizedCents + profit.totals.unrealizedCents);
    const { CardSale } = await import('../../db/models/CardSale.ts');
    const sale = await CardSale.query(srv.deps.db).findById(profit.sales[0]!.id);
    expect(sale!.history.map((h) => h.cents)).toEqual([26000]);

    const year = srv.deps.clock().getUTCFullYear();
    const csv = await client.get(`/api/cards/realized.csv?year=${year}`);
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="ratio-realized-gains-${year}.csv"`);
    expect(
      csv.text
        .replace(/^\ufeff/, '')
        .split('\r\n')
        .slice(0, 2),
    ).toEqual([
      'Title,Sold On,Cost,Sold Price,Fees,Realized Gain,ROI %',
      `'=SUM(A1),${srv.deps.clock().toISOString().slice(0, 10)},100.00,300.00,39.99,160.01,160`,
    ]);
    expect((await client.get(`/api/cards/realized.csv?year=${year - 1}`)).text.split('\r\n').filter(Boolean)).toHaveLength(1);
    expect((await client.post('/api/cards/2/sell', { soldCents: -1, soldOn: '2026-01-01' })).status).toBe(400);
    expect((await client.post('/api/cards/9/sell', { soldCents: 1, soldOn: '2026-01-01' })).status).toBe(404);
  });
});

describe('the export carries market, gain and sold columns', () => {
  it("PSA's layout: PSA Estimate, Gain/Loss by the wall's choice and a Sold row; Card Ladder's and Ratio's follow the value that counts", async () => {
    const { user, client } = await collector([
      { slotNumber: 1, ...OHTANI, grader: 'PSA', grade: 10, value: '$1,000', valueCents: 100000, costCents: 90000 },
      { slotNumber: 2, ...OHTANI, grader: 'PSA', grade: 9, value: '$300', valueCents: 30000, costCents: 40000 },
    ]);
    await runJob(user.email);
    expect((await client.post('/api/cards/2/sell', { soldCents: 50000, feesCents: 6500, soldOn: '2026-10-02' })).status).toBe(200);
    const rowsOf = async (layout: string) => {
      const res = await client.get<string>(`/api/cards/export.csv?layout=${layout}`);
      expect(res.status).toBe(200);
      return parse(res.text, { bom: true, columns: true }) as Array<Record<string, string>>;
    };
    const psa = await rowsOf('psa-collection');
    expect(psa).toHaveLength(2);
    expect(psa[0]).toMatchObject({
      'Item Status': 'Active',
      'My Cost': '900',
      'PSA Estimate': '1200',
      'Gain/Loss': '100',
      'My Value': '1000',
      'Sold Status': '-',
    });
    expect(psa[1]).toMatchObject({
      'Item Status': 'Sold',
      Subject: 'Shohei Ohtani',
      Grade: '9',
      'My Cost': '400',
      'Gain/Loss': '35',
      'Sold Status': 'Sold',
      'Sold Date': '10/02/2026',
      'Sold Price': '500',
      'Sold Fees': '65',
      'Sold Proceeds': '435',
    });
    expect((await rowsOf('card-ladder'))[0]).toMatchObject({ Investment: '900', 'Current Value': '1000', 'Potential Profit': '100' });

    // The wall counts market values: gain follows, the own value stays the own value.
    await client.request('PUT', '/api/cards/counts-value', { countsValue: 'market' });
    expect((await rowsOf('psa-collection'))[0]).toMatchObject({ 'PSA Estimate': '1200', 'Gain/Loss': '300', 'My Value': '1000' });
    expect(await rowsOf('card-ladder')).toEqual([expect.objectContaining({ 'Current Value': '1200', 'Potential Profit': '300' })]);
    expect((await rowsOf('ratio'))[0]).toMatchObject({
      'Value (USD)': '1000.00',
      'Market Value (USD)': '1200.00',
      'Market Source': 'SportsCardsPro',
      'Counts In Totals': 'market',
      'Gain (USD)': '300.00',
    });
  });
});

describe('price alerts', () => {
  it('mails a firing rule once a day with a one-click unsubscribe that works', async () => {
    const { user, client } = await collector([{ slotNumber: 1, ...OHTANI, grader: 'PSA', grade: 10 }]);
    const set = await client.post<TAlertView>('/api/price-alerts', { kind: 'above', slotNumber: 1, thresholdCents: 100000 });
    expect(set.status).toBe(201);
    await client.post('/api/price-alerts', { kind: 'below', slotNumber: 1, thresholdCents: 50000 });
    await runJob(user.email);
    const mine = () => srv.mailer.sent.filter((m) => m.to === user.email);
    const send = () => sendPriceAlerts({ db: srv.deps.db, mailer: srv.mailer, now: srv.deps.clock(), publicUrl: 'http://ratio.test' });
    await send();
    expect(mine()).toHaveLength(1);
    expect(mine()[0]!.subject).toBe(`Price alert: ${OHTANI.title}`);
    expect(mine()[0]!.text).toContain('market value $1,200 is above $1,000');
    await send();
    expect(mine()).toHaveLength(1);
    srv.advance(DAY_MS);
    await send();
    expect(mine()).toHaveLength(2);

    const link = /http:\/\/ratio\.test(\/api\/price-alerts\/unsubscribe\?token=\S+)/.exec(mine()[1]!.text)![1]!;
    const page = await srv.client().get(link);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Unsubscribed');
    expect((await client.get<TAlertView[]>('/api/price-alerts')).body.map((a) => a.kind)).toEqual(['below']);
    srv.advance(DAY_MS);
    await send();
    expect(mine()).toHaveLength(2);
  });

  it('a move rule fires on a change of more than N% in 7 days; digest rules go out weekly; free accounts cannot set alerts', async () => {
    const { user, client } = await collector([{ slotNumber: 1, ...OHTANI, grader: 'PSA', grade: 10 }]);
    await client.post('/api/price-alerts', { kind: 'move', slotNumber: 1, percent: 10, days: 7, digest: true });
    await runJob(user.email);
    emu.products.get('1001')!['manual-only-price'] = 150000;
    srv.advance(DAY_MS);
    await runJob(user.email);
    const send = () => sendPriceAlerts({ db: srv.deps.db, mailer: srv.mailer, now: srv.deps.clock(), publicUrl: 'http://ratio.test' });
    const mine = () => srv.mailer.sent.filter((m) => m.to === user.email);
    await send();
    expect(mine().map((m) => m.subject)).toEqual(['Your weekly price alerts (1)']);
    expect(mine()[0]!.text).toContain('moved +25% in 7 days');
    srv.advance(DAY_MS);
    await send();
    expect(mine()).toHaveLength(1);

    const free = await accountWithClient(srv, 'free');
    const refused = await free.client.post('/api/price-alerts', { kind: 'above', slotNumber: 1, thresholdCents: 1 });
    expect(refused.status).toBe(403);
    expect((await client.post('/api/price-alerts', { kind: 'move', slotNumber: 1, percent: 10, days: 5 })).status).toBe(400);
  });
});

describe('admin and access', () => {
  it('counts matched, stale and failing cards per source for admins only; a card of another user is out of reach', async () => {
    const { user, client } = await collector([{ slotNumber: 1, ...OHTANI, grader: 'PSA', grade: 10 }]);
    await runJob(user.email);
    const admin = await accountWithClient(srv, 'pro');
    await UserModel.query(srv.deps.db).patch({ isAdmin: true }).where('id', admin.user.id);
    const res = await admin.client.get<TAdminPricesAnswer>('/api/admin/prices');
    expect(res.status).toBe(200);
    expect(res.body.provider).toBe('SportsCardsPro');
    expect(res.body.sources.find((s) => s.source === 'SportsCardsPro')!.matched).toBeGreaterThanOrEqual(1);
    expect((await client.get('/api/admin/prices')).status).toBe(403);
    const other = await accountWithClient(srv, 'pro');
    expect((await other.client.post('/api/cards/1/market/refresh')).status).toBe(404);
    expect((await srv.client().post('/api/cards/1/market/refresh')).status).toBe(401);
  });
});
