import type { Knex } from 'knex';
import { CardSlot } from '../../../db/models/CardSlot.ts';
import type { User } from '../../../db/models/User.ts';
import type { ImageStore } from '../images/image-store.ts';
import { processImage } from '../images/process-image.ts';
import { deleteImageRows, insertImageRow, removeImageFiles, writeImageFiles } from '../images/save-card-image.ts';
import { writeViewerSizeLater } from '../images/viewer-size.ts';
import { recordValue } from './card-values.ts';
import type { TCardWrite } from '../../../core/contracts/cards.types.ts';
import { assertCertFree, cardColumns } from './card-columns.ts';
import { assertCanEditSlots, lockEditor } from './slot-access.ts';

/**
 * Puts a photo (and optional fields) into a slot: a new card in an empty slot, or a new photo for
 * the card already there. 409 cert_on_wall when the card's cert is on another card of the wall. The image is checked, its original and thumbnail stored before the
 * transaction; the slot write is one transaction; after commit the viewer size is made and a
 * replaced photo's files are removed without holding up the answer (the image route waits for the
 * viewer size or makes it, viewer-size.ts; files left by a crash are swept at start-up,
 * sweep-images.ts), and the new files are removed again if the write fails.
 */
export async function uploadCard(opts: {
  db: Knex;
  images: ImageStore;
  user: User;
  now: Date;
  slotNumber: number;
  image: Buffer;
  fields: TCardWrite;
}): Promise<CardSlot> {
  assertCanEditSlots(opts.user, opts.now, [opts.slotNumber]);
  const processed = await processImage(opts.image);
  const imageId = await writeImageFiles(opts.images, opts.user.id, processed, { viewerLater: true });
  let replacedImage: string | null = null;
  try {
    const card = await opts.db.transaction(async (trx) => {
      const user = await lockEditor(trx, opts.user.id, opts.now, [opts.slotNumber]);
      await insertImageRow(trx, user.id, imageId, processed);
      const existing = await CardSlot.query(trx).where({ userId: user.id, slotNumber: opts.slotNumber }).first();
      const fields = cardColumns(existing ?? null, opts.fields);
      await assertCertFree(trx, user.id, fields.certNumber, existing?.id ?? null);
      let saved: CardSlot;
      if (existing) {
        replacedImage = existing.imageId;
        saved = await CardSlot.query(trx).patchAndFetchById(existing.id, { ...fields, imageId, updatedAt: opts.now });
        if (replacedImage) await deleteImageRows(trx, [replacedImage]);
      } else {
        saved = await CardSlot.query(trx).insertAndFetch({
          userId: user.id,
          slotNumber: opts.slotNumber,
          imageId,
          ...fields,
          createdAt: opts.now,
          updatedAt: opts.now,
        });
      }
      await recordValue(trx, saved, opts.now);
      return saved;
    });
    writeViewerSizeLater(opts.images, opts.user.id, imageId, processed);
    // Never throws (failures are left to the sweep); the row is gone, so the old photo is already unreachable.
    if (replacedImage) void removeImageFiles(opts.images, opts.user.id, [replacedImage]);
    return card;
  } catch (err) {
    await removeImageFiles(opts.images, opts.user.id, [imageId]);
    throw err;
  }
}
