import type { Knex } from 'knex';
import { CardMarket } from '../../../db/models/CardMarket.ts';
import { CardSlot } from '../../../db/models/CardSlot.ts';
import type { User } from '../../../db/models/User.ts';
import { notFound } from '../../errors.ts';
import { recordValue } from './card-values.ts';
import type { TCardWrite } from '../../../core/contracts/cards.types.ts';
import { assertCertFree, cardColumns } from './card-columns.ts';
import { assertCanEditSlots, lockEditor } from './slot-access.ts';

const IDENTITY_KEYS = ['year', 'set', 'cardNumber', 'subject', 'variety'] as const;

/**
 * Changes the fields of the card in a slot (core/cards/card-write.ts says what becomes of its title
 * and description); 404 when the slot is empty, 409 cert_on_wall when the cert is on another card.
 * One transaction.
 */
export async function updateCard(opts: { db: Knex; user: User; now: Date; slotNumber: number; fields: TCardWrite }): Promise<CardSlot> {
  assertCanEditSlots(opts.user, opts.now, [opts.slotNumber]);
  return opts.db.transaction(async (trx) => {
    const user = await lockEditor(trx, opts.user.id, opts.now, [opts.slotNumber]);
    const existing = await CardSlot.query(trx).where({ userId: user.id, slotNumber: opts.slotNumber }).first();
    if (!existing) throw notFound(`Slot ${opts.slotNumber} is empty`, 'slot_empty');
    const fields = cardColumns(existing, opts.fields);
    await assertCertFree(trx, user.id, fields.certNumber, existing.id);
    // A card that is now another card (year, set, number, subject, variety) is matched to its product again (docs/choices.md 45).
    if (IDENTITY_KEYS.some((k) => k in fields && (fields as Partial<CardSlot>)[k] !== existing[k])) {
      await CardMarket.query(trx)
        .patch({ productId: null, productName: null, match: null, checkedAt: null })
        .where('cardId', existing.id)
        .whereNotNull('match');
    }
    const card = await CardSlot.query(trx).patchAndFetchById(existing.id, { ...fields, updatedAt: opts.now });
    await recordValue(trx, card, opts.now);
    return card;
  });
}
