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

/** card_market's columns and their types (the casts a statement's parameters need). */
const MARKET_COLUMNS = {
  product_id: 'text',
  product_name: 'text',
  match: 'text',
  label: 'text',
  estimated_from: 'real',
  source: 'text',
  is_market: 'boolean',
  as_of: 'text',
  checked_at: 'timestamptz',
  error: 'text',
} as const;

/**
 * The refresh job's store (refresh-prices.ts): storeLookup's writes as one statement, so one
 * transaction of its own without a BEGIN and a COMMIT, reading nothing back (the job never shows
 * the card). Its parts run in the order each reads the one before: the user's row locked and its
 * gallery version bumped (lockUser), card_market set, then, when priced, the price on the card and
 * a history row when the last market row holds another amount. `before`: the card's match as its
 * look-up started (a fixed match stays fixed).
 */
export async function storeRefreshed(
  db: Knex,
  card: CardSlot,
  before: Pick<CardMarket, 'match'> | null,
  lookup: TPriceLookup | null,
  now: Date,
): Promise<TLookupOutcome> {
  const chosen = lookup ? choosePrice(card, lookup.prices) : null;
  const set: Partial<Record<keyof typeof MARKET_COLUMNS, Knex.Value>> = { checked_at: now, error: null };
  if (!lookup) Object.assign(set, { match: 'none', product_id: null, product_name: null });
  else {
    Object.assign(set, { product_id: lookup.product.id, product_name: lookup.product.name, match: before?.match === 'fixed' ? 'fixed' : 'auto' });
    if (chosen) {
      Object.assign(set, {
        label: chosen.label,
        estimated_from: chosen.estimatedFrom,
        source: lookup.source,
        is_market: lookup.isMarketData,
        as_of: lookup.asOf,
      });
    }
  }
  const columns = Object.keys(set) as Array<keyof typeof MARKET_COLUMNS>;
  const bindings: Knex.Value[] = [card.userId, card.id, ...columns.map((c) => set[c] ?? null)];
  let sql = `WITH locked AS (UPDATE users SET gallery_version = gallery_version + 1 WHERE id = ? RETURNING id),
    market AS (
      INSERT INTO card_market (card_id, ${columns.join(', ')})
      SELECT ?::bigint, ${columns.map((c) => `?::${MARKET_COLUMNS[c]}`).join(', ')} FROM locked
      ON CONFLICT (card_id) DO UPDATE SET ${columns.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}
      RETURNING card_id
    )`;
  if (chosen) {
    sql += `,
    priced AS (UPDATE card_slots SET market_cents = ?::bigint FROM market WHERE card_slots.id = market.card_id RETURNING card_slots.id),
    recorded AS (
      INSERT INTO card_value_history (card_id, value_cents, recorded_at, kind)
      SELECT priced.id, ?::bigint, ?::timestamptz, 'market' FROM priced
      WHERE NOT EXISTS (
        SELECT 1 FROM (SELECT value_cents FROM card_value_history WHERE card_id = ? AND kind = 'market' ORDER BY id DESC LIMIT 1) AS last
        WHERE last.value_cents = ?::bigint
      )
    )`;
    bindings.push(chosen.cents, chosen.cents, now, card.id, chosen.cents);
  }
  sql += ' SELECT count(*)::int AS stored FROM market';
  const { rows } = (await db.raw(sql, bindings)) as { rows: Array<{ stored: number }> };
  if (!rows[0]?.stored) throw new Error(`user ${card.userId} vanished`);
  return !lookup ? 'no_match' : chosen ? 'priced' : 'no_price';
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
