/**
 * Cards' market value details (docs/choices.md 45): one card_market row per card looked up, beside its
 * price on card_slots.market_cents. The wall never reads them; single-card answers, exports and the
 * refresh job do.
 */
import type { Knex } from 'knex';
import { CardMarket } from '../../../db/models/CardMarket.ts';

/** The details of the cards with these ids, by card id (a card never looked up is not in it). */
export async function marketsOf(db: Knex, cardIds: readonly number[]): Promise<Map<number, CardMarket>> {
  if (cardIds.length === 0) return new Map();
  const rows = await CardMarket.query(db).whereIn('cardId', cardIds);
  return new Map(rows.map((r) => [Number(r.cardId), r]));
}

/** The details of one card, or null when it was never looked up. */
export async function marketOf(db: Knex, cardId: number): Promise<CardMarket | null> {
  return (await CardMarket.query(db).findById(cardId)) ?? null;
}

/** Sets these details of a card (its row made when it has none); answers the whole row. Call inside the write's transaction. */
export async function saveMarket(trx: Knex.Transaction, cardId: number, patch: Partial<Omit<CardMarket, 'cardId'>>): Promise<CardMarket> {
  return await CardMarket.query(trx)
    .insert({ ...patch, cardId })
    .onConflict('cardId')
    .merge(Object.keys(patch) as Array<keyof CardMarket>)
    .returning('*');
}
