import type { Knex } from 'knex';
import { CardSlot } from '../../../db/models/CardSlot.ts';
import type { User } from '../../../db/models/User.ts';
import { badRequest } from '../../errors.ts';
import { lockUser } from '../accounts/lock-user.ts';
import { assertCanEditSlots } from './slot-access.ts';

/**
 * Swaps the cards of two slots in one transaction; with one slot empty the card moves. The user's
 * row lock makes concurrent swaps run in turn, so no card is ever lost or doubled.
 */
export async function swapSlots(opts: { db: Knex; user: User; now: Date; fromSlot: number; toSlot: number }): Promise<void> {
  const { fromSlot, toSlot } = opts;
  if (fromSlot === toSlot) throw badRequest('same_slot', 'Choose two different slots to swap');
  assertCanEditSlots(opts.user, opts.now, [fromSlot, toSlot]);
  await opts.db.transaction(async (trx) => {
    const user = await lockUser(trx, opts.user.id);
    assertCanEditSlots(user, opts.now, [fromSlot, toSlot]);
    const rows = await CardSlot.query(trx).where('userId', user.id).whereIn('slotNumber', [fromSlot, toSlot]);
    const a = rows.find((r) => r.slotNumber === fromSlot);
    const b = rows.find((r) => r.slotNumber === toSlot);
    if (!a && !b) throw badRequest('empty_slots', 'Both slots are empty');
    // (user_id, slot_number) is unique: park one card on slot 0 while the other moves.
    if (a) await CardSlot.query(trx).patch({ slotNumber: 0, updatedAt: opts.now }).where('id', a.id);
    if (b) await CardSlot.query(trx).patch({ slotNumber: fromSlot, updatedAt: opts.now }).where('id', b.id);
    if (a) await CardSlot.query(trx).patch({ slotNumber: toSlot }).where('id', a.id);
  });
}

/** The cards now in these slots of the user's gallery (an empty slot has none). */
export async function cardsInSlots(db: Knex, userId: number, slotNumbers: readonly number[]): Promise<CardSlot[]> {
  return await CardSlot.query(db).where('userId', userId).whereIn('slotNumber', slotNumbers);
}
