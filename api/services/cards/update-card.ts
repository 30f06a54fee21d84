import type { Knex } from 'knex';
import { CardSlot } from '../../../db/models/CardSlot.ts';
import type { User } from '../../../db/models/User.ts';
import { notFound } from '../../errors.ts';
import { recordValue, valueFields } from './card-values.ts';
import { lockUser } from '../accounts/lock-user.ts';
import { assertCanEditSlots } from './slot-access.ts';
import type { TCardFields } from './upload-card.ts';

/** Changes the text fields of the card in a slot; 404 when the slot is empty. One transaction. */
export async function updateCard(opts: { db: Knex; user: User; now: Date; slotNumber: number; fields: TCardFields }): Promise<CardSlot> {
  assertCanEditSlots(opts.user, opts.now, [opts.slotNumber]);
  return opts.db.transaction(async (trx) => {
    const user = await lockUser(trx, opts.user.id);
    assertCanEditSlots(user, opts.now, [opts.slotNumber]);
    const existing = await CardSlot.query(trx).where({ userId: user.id, slotNumber: opts.slotNumber }).first();
    if (!existing) throw notFound(`Slot ${opts.slotNumber} is empty`, 'slot_empty');
    const card = await CardSlot.query(trx).patchAndFetchById(existing.id, {
      ...(opts.fields.title !== undefined ? { title: opts.fields.title } : {}),
      ...(opts.fields.description !== undefined ? { description: opts.fields.description } : {}),
      ...valueFields(opts.fields),
      updatedAt: opts.now,
    });
    await recordValue(trx, card, opts.now);
    return card;
  });
}
