import type { Knex } from 'knex';
import { CardSlot } from '../../../db/models/CardSlot.ts';
import type { User } from '../../../db/models/User.ts';
import type { ImageStore } from '../images/image-store.ts';
import { deleteImageRows, removeImageFiles } from '../images/save-card-image.ts';
import { assertCanEditSlots, lockEditor } from './slot-access.ts';

/**
 * Empties a slot: the card, its history and its photo go. Idempotent: an empty slot stays empty.
 * A slot past the user's range is refused (data retention keeps those cards read-only).
 */
export async function clearSlot(opts: { db: Knex; images: ImageStore; user: User; now: Date; slotNumber: number }): Promise<void> {
  assertCanEditSlots(opts.user, opts.now, [opts.slotNumber]);
  const imageId = await opts.db.transaction(async (trx) => {
    const user = await lockEditor(trx, opts.user.id, opts.now, [opts.slotNumber]);
    const card = await CardSlot.query(trx).where({ userId: user.id, slotNumber: opts.slotNumber }).first();
    if (!card) return null;
    await CardSlot.query(trx).deleteById(card.id);
    if (card.imageId) await deleteImageRows(trx, [card.imageId]);
    return card.imageId;
  });
  if (imageId) await removeImageFiles(opts.images, opts.user.id, [imageId]);
}
