/**
 * A card's market value (docs/choices.md 45): looks the card up through the price provider, keeps the
 * matched product, stores the price at the card's grade (or the nearest one, marked), and records
 * it in the value history. A failed look-up keeps the last known value and says why.
 */
import type { Knex } from 'knex';
import { choosePrice, type TPriceLookup } from '../../../core/prices.ts';
import type { CardMarket } from '../../../db/models/CardMarket.ts';
import { CardSlot } from '../../../db/models/CardSlot.ts';
import { AppError, notFound } from '../../errors.ts';
import { lockUser } from '../accounts/lock-user.ts';
import { marketOf, saveMarket } from './card-market.ts';
import { PriceProviderError, type PriceProvider } from './provider.ts';

/** How a look-up ended for one card. */
export type TLookupOutcome = 'priced' | 'no_match' | 'no_price' | 'failed';

/**
 * Records a market price in the card's history when it differs from the last market record: one
 * statement (an INSERT of a row only when the last market row holds another amount).
 */
async function recordMarket(trx: Knex.Transaction, cardId: number, cents: number, now: Date): Promise<void> {
  await trx.raw(
    `INSERT INTO card_value_history (card_id, value_cents, recorded_at, kind)
    SELECT ?::bigint, ?::bigint, ?::timestamptz, 'market'
    WHERE NOT EXISTS (
      SELECT 1 FROM (SELECT value_cents FROM card_value_history WHERE card_id = ? AND kind = 'market' ORDER BY id DESC LIMIT 1) AS last
      WHERE last.value_cents = ?
    )`,
    [cardId, cents, now, cardId, cents],
  );
}

/** A card and its market value details as a look-up left them. */
export interface TPricedCard {
  card: CardSlot;
  market: CardMarket;
}

/**
 * Writes a look-up's result in the transaction `trx` (the user locked, the gallery version bumped,
 * card_market set, the price on the card and in its history): four statements. Answers the card
 * as written when its price changed, else null (the caller re-reads it if it needs it).
 */
async function writeLookup(
  trx: Knex.Transaction,
  card: CardSlot,
  before: CardMarket | null,
  lookup: TPriceLookup | null,
  now: Date,
  fixed: boolean,
): Promise<{ card: CardSlot | null; market: CardMarket; outcome: TLookupOutcome }> {
  await lockUser(trx, card.userId);
  const base = { checkedAt: now, error: null };
  if (!lookup) {
    const market = await saveMarket(trx, card.id, { ...base, match: 'none', productId: null, productName: null });
    return { card: null, market, outcome: 'no_match' };
  }
  const chosen = choosePrice(card, lookup.prices);
  const match = fixed || before?.match === 'fixed' ? ('fixed' as const) : ('auto' as const);
  const patch: Partial<CardMarket> = { ...base, productId: lookup.product.id, productName: lookup.product.name, match };
  if (chosen) {
    Object.assign(patch, {
      label: chosen.label,
      estimatedFrom: chosen.estimatedFrom,
      source: lookup.source,
      isMarket: lookup.isMarketData,
      asOf: lookup.asOf,
    });
  }
  const market = await saveMarket(trx, card.id, patch);
  if (!chosen) return { card: null, market, outcome: 'no_price' };
  // One UPDATE ... RETURNING (patchAndFetchById is an UPDATE and a SELECT).
  const [updated] = (await CardSlot.query(trx).patch({ marketCents: chosen.cents }).where('id', card.id).returning('*')) as unknown as CardSlot[];
  await recordMarket(trx, card.id, chosen.cents, now);
  return { card: updated ?? null, market, outcome: 'priced' };
}

/**
 * Stores a look-up's result: the price on the card, its details in card_market (in one transaction that
 * bumps the gallery version). `lookup` null: no product fits (the match is set to none, the last
 * value stays). A price of no grade near the card's leaves the last value too.
 */
export async function storeLookup(
  db: Knex,
  card: CardSlot,
  before: CardMarket | null,
  lookup: TPriceLookup | null,
  now: Date,
  fixed = false,
): Promise<TPricedCard & { outcome: TLookupOutcome }> {
  return db.transaction(async (trx) => {
    const written = await writeLookup(trx, card, before, lookup, now, fixed);
    return { card: written.card ?? (await current(trx, card)), market: written.market, outcome: written.outcome };
  });
}

/**
 * The refresh job's store (refresh-prices.ts): storeLookup's writes in one transaction of their own,
 * answering only how the look-up ended (the job never shows the card, so nothing is read back).
 */
export async function storeRefreshed(db: Knex, card: CardSlot, before: CardMarket | null, lookup: TPriceLookup | null, now: Date): Promise<TLookupOutcome> {
  return db.transaction(async (trx) => (await writeLookup(trx, card, before, lookup, now, false)).outcome);
}

/** The card as it stands (re-read in the write's transaction). */
async function current(trx: Knex.Transaction, card: CardSlot): Promise<CardSlot> {
  return (await CardSlot.query(trx).findById(card.id)) ?? card;
}

/** Notes a failed look-up on the card: the last known value stays, the error says why. */
export async function storeFailure(db: Knex, card: CardSlot, error: PriceProviderError): Promise<CardMarket> {
  return db.transaction(async (trx) => {
    await lockUser(trx, card.userId);
    return saveMarket(trx, card.id, { error: error.message });
  });
}

/** The 503 a collector sees when the provider fails while they wait (the last known value stays). */
export function pricesUnavailable(error: PriceProviderError): AppError {
  return new AppError(503, 'prices_unavailable', `Prices are unavailable right now (${error.message}). The last known value stays.`);
}

/**
 * Looks one card up now (the collector's refresh, or a fixed match) and stores the result; a
 * provider failure is noted on the card and thrown as a 503.
 */
export async function refreshCardNow(opts: {
  db: Knex;
  prices: PriceProvider;
  card: CardSlot;
  now: Date;
  productId?: string;
}): Promise<TPricedCard & { outcome: TLookupOutcome }> {
  const before = await marketOf(opts.db, opts.card.id);
  const productId = opts.productId ?? (before?.match === 'none' ? null : (before?.productId ?? null));
  try {
    const lookup = await opts.prices.lookup(opts.card, productId);
    if (!lookup && opts.productId !== undefined) throw notFound(`No product ${opts.productId} at ${await opts.prices.label()}`, 'no_such_product');
    return await storeLookup(opts.db, opts.card, before, lookup, opts.now, opts.productId !== undefined);
  } catch (error) {
    if (!(error instanceof PriceProviderError)) throw error;
    await storeFailure(opts.db, opts.card, error);
    throw pricesUnavailable(error);
  }
}
