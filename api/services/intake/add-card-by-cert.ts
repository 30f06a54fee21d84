import type { Knex } from 'knex';
import { accountState } from '../../../core/account.ts';
import type { TCardData } from '../../../core/cards/card-data.ts';
import { CardSlot } from '../../../db/models/CardSlot.ts';
import type { User } from '../../../db/models/User.ts';
import { AppError } from '../../errors.ts';
import { assertCertFree, cardColumns } from '../cards/card-columns.ts';
import { assertCanEditSlots, lockEditor } from '../cards/slot-access.ts';
import type { ImageStore } from '../images/image-store.ts';
import { processImage, type TProcessedImage } from '../images/process-image.ts';
import { insertImageRow, removeImageFiles, writeImageFiles } from '../images/save-card-image.ts';
import { writeViewerSizeLater } from '../images/viewer-size.ts';

/** The first empty slot from 1 up, or null when every slot of the user's range is filled. */
async function firstFreeSlot(trx: Knex.Transaction, userId: number, maxSlots: number): Promise<number | null> {
  const taken = new Set((await CardSlot.query(trx).select('slotNumber').where('userId', userId)).map((r) => r.slotNumber));
  for (let n = 1; n <= maxSlots; n++) if (!taken.has(n)) return n;
  return null;
}

/**
 * Adds a card made from `data` (a cert and whatever PSA said of it) in the user's first empty slot,
 * with `photo` (PSA's slab image) when given. Checked under the user's lock in one transaction:
 * 403 when the account may not edit or has no empty slot left (the tier's message), 409
 * cert_on_wall when the cert is already a card of the wall. A photo that cannot be read is dropped,
 * not an error: the card still goes in.
 */
export async function addCardByCert(opts: {
  db: Knex;
  images: ImageStore;
  userId: number;
  now: Date;
  data: Partial<TCardData>;
  populationAtGrade?: number | null;
  photo?: Buffer | null;
}): Promise<CardSlot> {
  let processed: TProcessedImage | null = null;
  let imageId: string | null = null;
  if (opts.photo) {
    try {
      processed = await processImage(opts.photo);
      imageId = await writeImageFiles(opts.images, opts.userId, processed, { viewerLater: true });
    } catch {
      processed = null;
      imageId = null;
    }
  }
  try {
    const card = await opts.db.transaction(async (trx) => {
      const user: User = await lockEditor(trx, opts.userId, opts.now, []);
      const { maxSlots } = accountState(user, opts.now);
      const fields = cardColumns(null, opts.data);
      await assertCertFree(trx, user.id, fields.certNumber, null);
      const slotNumber = await firstFreeSlot(trx, user.id, maxSlots);
      if (slotNumber === null) {
        // The tier's own words (slot-access.ts) for the slot just past the range.
        assertCanEditSlots(user, opts.now, [maxSlots + 1]);
        throw new AppError(403, 'upgrade_required', `All ${maxSlots} slots are filled.`, { requiresUpgrade: true });
      }
      if (imageId && processed) await insertImageRow(trx, user.id, imageId, processed);
      const saved = await CardSlot.query(trx).insertAndFetch({
        userId: user.id,
        slotNumber,
        imageId,
        ...fields,
        populationAtGrade: opts.populationAtGrade ?? null,
        createdAt: opts.now,
        updatedAt: opts.now,
      });
      return saved;
    });
    if (imageId && processed) writeViewerSizeLater(opts.images, opts.userId, imageId, processed);
    return card;
  } catch (err) {
    if (imageId) await removeImageFiles(opts.images, opts.userId, [imageId]);
    throw err;
  }
}
