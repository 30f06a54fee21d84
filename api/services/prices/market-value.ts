/**
 * A card's market value (docs/choices.md 45): looks the card up through the price provider, keeps the
 * matched product, stores the price at the card's grade (or the nearest one, marked), and records
 * it in the value history. A failed look-up keeps the last known value and says why.
 */
import type { Knex } from 'knex';
import { choosePrice, type TPriceLookup } from '../../../core/prices.ts';
import { CardSlot } from '../../../db/models/CardSlot.ts';
import { CardValueHistory } from '../../../db/models/CardValueHistory.ts';
import { AppError, notFound } from '../../errors.ts';
import { lockUser } from '../accounts/lock-user.ts';
import { PriceProviderError, type PriceProvider } from './provider.ts';

/** How a look-up ended for one card. */
export type TLookupOutcome = 'priced' | 'no_match' | 'no_price' | 'failed';

/** Records a market price in the card's history when it differs from the last market record. */
async function recordMarket(trx: Knex.Transaction, cardId: number, cents: number, now: Date): Promise<void> {
  const last = await CardValueHistory.query(trx).where({ cardId, kind: 'market' }).orderBy('id', 'desc').first();
  if (last && Number(last.valueCents) === cents) return;
  await CardValueHistory.query(trx).insert({ cardId, valueCents: cents, recordedAt: now, kind: 'market' });
}

/**
 * Stores a look-up's result on the card (in one transaction that bumps the gallery version).
 * `lookup` null: no product fits (the match is set to none, the last value stays). A price of no
 * grade near the card's leaves the last value too.
 */
export async function storeLookup(
  db: Knex,
  card: CardSlot,
  lookup: TPriceLookup | null,
  now: Date,
  fixed = false,
): Promise<{ card: CardSlot; outcome: TLookupOutcome }> {
  return db.transaction(async (trx) => {
    await lockUser(trx, card.userId);
    const base = { marketCheckedAt: now, marketError: null };
    if (!lookup) {
      const patch = { ...base, priceMatch: 'none' as const, priceProductId: null, priceProductName: null };
      return { card: await CardSlot.query(trx).patchAndFetchById(card.id, patch), outcome: 'no_match' as const };
    }
    const chosen = choosePrice(card, lookup.prices);
    const match = fixed || card.priceMatch === 'fixed' ? ('fixed' as const) : ('auto' as const);
    const patch: Partial<CardSlot> = { ...base, priceProductId: lookup.product.id, priceProductName: lookup.product.name, priceMatch: match };
    if (chosen) {
      Object.assign(patch, {
        marketCents: chosen.cents,
        marketLabel: chosen.label,
        marketEstimatedFrom: chosen.estimatedFrom,
        marketSource: lookup.source,
        marketIsMarket: lookup.isMarketData,
        marketAsOf: lookup.asOf,
      });
    }
    const updated = await CardSlot.query(trx).patchAndFetchById(card.id, patch);
    if (chosen) await recordMarket(trx, card.id, chosen.cents, now);
    return { card: updated, outcome: chosen ? ('priced' as const) : ('no_price' as const) };
  });
}

/** Notes a failed look-up on the card: the last known value stays, the error says why. */
export async function storeFailure(db: Knex, card: CardSlot, error: PriceProviderError): Promise<CardSlot> {
  return db.transaction(async (trx) => {
    await lockUser(trx, card.userId);
    return CardSlot.query(trx).patchAndFetchById(card.id, { marketError: error.message });
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
}): Promise<{ card: CardSlot; outcome: TLookupOutcome }> {
  const productId = opts.productId ?? (opts.card.priceMatch === 'none' ? null : opts.card.priceProductId);
  try {
    const lookup = await opts.prices.lookup(opts.card, productId);
    if (!lookup && opts.productId !== undefined) throw notFound(`No product ${opts.productId} at ${await opts.prices.label()}`, 'no_such_product');
    return await storeLookup(opts.db, opts.card, lookup, opts.now, opts.productId !== undefined);
  } catch (error) {
    if (!(error instanceof PriceProviderError)) throw error;
    await storeFailure(opts.db, opts.card, error);
    throw pricesUnavailable(error);
  }
}
