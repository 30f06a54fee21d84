import type { Knex } from 'knex';
import type { TCountsValue } from '../../../core/prices.ts';
import { CardSlot } from '../../../db/models/CardSlot.ts';
import { notFound } from '../../errors.ts';
import { lockUser } from '../accounts/lock-user.ts';

/** The user's card in a slot, or 404 `slot_empty`. */
export async function cardInSlot(db: Knex, userId: number, slot: number): Promise<CardSlot> {
  const card = await CardSlot.query(db).where({ userId, slotNumber: slot }).first();
  if (!card) throw notFound(`Slot ${slot} is empty`, 'slot_empty');
  return card;
}

/** Which value of one card counts in totals (null: the wall's choice), under the user's lock. */
export function setCardCountsValue(db: Knex, userId: number, cardId: number, countsValue: TCountsValue | null): Promise<CardSlot> {
  return db.transaction(async (trx) => {
    await lockUser(trx, userId);
    return CardSlot.query(trx).patchAndFetchById(cardId, { countsValue });
  });
}
