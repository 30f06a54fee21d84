import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { accountStatus } from '../../../core/account.ts';
import type { TGalleryCard } from '../../../core/transfer.ts';
import { CardSlot } from '../../../db/models/CardSlot.ts';
import type { User } from '../../../db/models/User.ts';
import { upgradeRequired } from '../../errors.ts';
import { decodeImageDataUrl } from '../analysis/decode-data-url.ts';
import type { ImageStore } from '../images/image-store.ts';
import { processImage, type TProcessedImage } from '../images/process-image.ts';
import { insertImageRow, removeImageFiles, writeImageFiles } from '../images/save-card-image.ts';
import { recordValue, valueFields } from './card-values.ts';
import { lockUser } from './lock-user.ts';
import { assertCanEditSlots } from './slot-access.ts';

export type TIncomingCard = Omit<TGalleryCard, 'isEmpty'> & { isEmpty?: boolean | undefined };

export interface TTransferResult {
  transferred: CardSlot[];
  /** Cards already in the gallery from an earlier transfer of the same collection. */
  skipped: number;
}

/** Identifies one anonymous card across repeated transfers. */
function transferKey(card: TIncomingCard): string {
  return createHash('sha256')
    .update(JSON.stringify([card.imageUrl, card.title, card.description, card.value, card.allTimeHigh]))
    .digest('hex');
}

/**
 * Moves anonymous cards into the gallery (spec §4 "after signup"): each goes to its slotNumber when
 * free, else to the first free slot. Idempotent (a card already transferred is skipped), within
 * the user's slot limit, all or nothing: one bad image or one slot past the limit and nothing is
 * saved.
 */
export async function transferCollection(opts: { db: Knex; images: ImageStore; user: User; now: Date; cards: TIncomingCard[] }): Promise<TTransferResult> {
  assertCanEditSlots(opts.user, opts.now, []);
  const unique = new Map<string, TIncomingCard>();
  for (const card of opts.cards) if (!card.isEmpty) unique.set(transferKey(card), card);

  // Images are checked and sized before the transaction; an invalid one fails the whole call.
  const prepared: Array<{ key: string; card: TIncomingCard; image: TProcessedImage | null }> = [];
  for (const [key, card] of unique) {
    prepared.push({ key, card, image: card.imageUrl ? await processImage((await decodeImageDataUrl(card.imageUrl)).data) : null });
  }

  const written: string[] = [];
  try {
    return await opts.db.transaction(async (trx) => {
      const user = await lockUser(trx, opts.user.id);
      const { maxSlots } = accountStatus(user, opts.now);
      const existing = await CardSlot.query(trx).select('slotNumber', 'transferKey').where('userId', user.id);
      const known = new Set(existing.map((r) => r.transferKey).filter(Boolean));
      const taken = new Set(existing.map((r) => r.slotNumber));
      const todo = prepared.filter((p) => !known.has(p.key));

      const placed: Array<(typeof todo)[number] & { slotNumber: number }> = [];
      for (const item of todo) {
        let slotNumber = item.card.slotNumber;
        if (taken.has(slotNumber) || slotNumber > maxSlots) {
          slotNumber = 1;
          while (taken.has(slotNumber)) slotNumber++;
        }
        if (slotNumber > maxSlots) {
          throw upgradeRequired(`Your gallery has room for ${maxSlots} cards. Upgrade to PRO to bring all your cards in.`);
        }
        taken.add(slotNumber);
        placed.push({ ...item, slotNumber });
      }
      assertCanEditSlots(user, opts.now, placed.map((p) => p.slotNumber));

      const transferred: CardSlot[] = [];
      for (const item of placed) {
        let imageId: string | null = null;
        if (item.image) {
          imageId = await writeImageFiles(opts.images, user.id, item.image);
          written.push(imageId);
          await insertImageRow(trx, user.id, imageId, item.image);
        }
        const card = await CardSlot.query(trx).insertAndFetch({
          userId: user.id,
          slotNumber: item.slotNumber,
          imageId,
          title: item.card.title,
          description: item.card.description,
          ...valueFields({ value: item.card.value || null, allTimeHigh: item.card.allTimeHigh || null }),
          transferKey: item.key,
          createdAt: opts.now,
          updatedAt: opts.now,
        });
        await recordValue(trx, card, opts.now);
        transferred.push(card);
      }
      return { transferred, skipped: prepared.length - todo.length };
    });
  } catch (err) {
    await removeImageFiles(opts.images, opts.user.id, written);
    throw err;
  }
}
