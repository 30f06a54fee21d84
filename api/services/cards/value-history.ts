import type { Knex } from 'knex';
import type { TCardHistoryAnswer, THistoryRange, TTotalHistoryAnswer } from '../../../core/contracts/csv.types.ts';
import { rangeStart, totalValueSeries, valueChange } from '../../../core/value-history.ts';
import { CardSlot } from '../../../db/models/CardSlot.ts';
import { CardValueHistory } from '../../../db/models/CardValueHistory.ts';
import type { User } from '../../../db/models/User.ts';
import { notFound } from '../../errors.ts';

/** Every recorded value of the card in one of the user's slots, oldest first; 404 for an empty slot. Read-only. */
export async function cardValueHistory(opts: { db: Knex; user: Pick<User, 'id'>; slotNumber: number }): Promise<TCardHistoryAnswer> {
  const card = await CardSlot.query(opts.db).select('id').where({ userId: opts.user.id, slotNumber: opts.slotNumber }).first();
  if (!card) throw notFound(`Slot ${opts.slotNumber} is empty`, 'slot_empty');
  const rows = await CardValueHistory.query(opts.db)
    .where('cardId', card.id)
    .orderBy([{ column: 'recordedAt' }, { column: 'id' }]);
  const points = (kind: 'own' | 'market') => rows.filter((r) => r.kind === kind).map((r) => ({ at: r.recordedAt.toISOString(), cents: Number(r.valueCents) }));
  return { slotNumber: opts.slotNumber, points: points('own'), market: points('market') };
}

/**
 * The total value of the user's current cards over `range` (core/value-history.ts). Each card
 * counts with the kind of value that counts for it (docs/choices.md 45: its own choice, else the wall's; a
 * card counting market with no market value yet counts its own). Read-only.
 */
export async function totalValueHistory(opts: { db: Knex; user: Pick<User, 'id'>; range: THistoryRange; now: Date }): Promise<TTotalHistoryAnswer> {
  const rows = await CardValueHistory.query(opts.db)
    .select('card_value_history.cardId', 'card_value_history.valueCents', 'card_value_history.recordedAt')
    .join('card_slots', 'card_slots.id', 'card_value_history.cardId')
    .join('users', 'users.id', 'card_slots.userId')
    .where('card_slots.userId', opts.user.id)
    .whereRaw(
      `card_value_history.kind = (CASE WHEN coalesce(card_slots.counts_value, users.counts_value) = 'market' AND card_slots.market_cents IS NOT NULL
      THEN 'market' ELSE 'own' END)`,
    )
    .orderBy('card_value_history.id');
  const records = rows.map((r) => ({ cardId: Number(r.cardId), cents: Number(r.valueCents), at: r.recordedAt }));
  const from = rangeStart(opts.range, opts.now);
  return { range: opts.range, points: totalValueSeries(records, from, opts.now), change: valueChange(records, from, opts.now) };
}
