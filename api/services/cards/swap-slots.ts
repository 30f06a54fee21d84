import type { Knex } from 'knex';
import { CardSlot } from '../../../db/models/CardSlot.ts';
import type { User } from '../../../db/models/User.ts';
import { accountState } from '../../../core/account.ts';
import { canSwap } from '../../../core/gallery.ts';
import { badRequest, upgradeRequired } from '../../errors.ts';
import { assertCanEditSlots, lockEditor } from './slot-access.ts';

const swapNeedsPro = () => upgradeRequired('Card swap is a PRO feature. Upgrade to PRO to swap your cards.');

/** Refuses (403 requiresUpgrade) a user who may not edit these slots or may not swap (core/gallery.ts canSwap). */
function assertCanSwap(user: User, now: Date, slots: number[]): void {
  assertCanEditSlots(user, now, slots);
  if (!canSwap(accountState(user, now))) throw swapNeedsPro();
}

/**
 * Swaps the cards of two slots in one transaction; with one slot empty the card moves. The user's
 * row lock makes concurrent swaps run in turn, so no card is ever lost or doubled.
 */
export async function swapSlots(opts: { db: Knex; user: User; now: Date; fromSlot: number; toSlot: number }): Promise<void> {
  const { fromSlot, toSlot } = opts;
  if (fromSlot === toSlot) throw badRequest('same_slot', 'Choose two different slots to swap');
  assertCanSwap(opts.user, opts.now, [fromSlot, toSlot]);
  await opts.db.transaction(async (trx) => {
    const user = await lockEditor(trx, opts.user.id, opts.now, [fromSlot, toSlot], assertCanSwap);
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
