import type { Knex } from 'knex';
import { sharedSlotCount } from '../../../core/share.ts';
import { CardImage } from '../../../db/models/CardImage.ts';
import type { ImageStore } from '../images/image-store.ts';
import { variantMime } from '../images/save-card-image.ts';
import { readMadeVariant } from '../images/viewer-size.ts';
import type { TOpenShare } from './open-share.ts';

/**
 * A photo of a card on a live shared wall (thumbnail or viewer size), or null when the image is not
 * on that wall: another user's, a card past the layout's slots, or gone. Read through ImageStore.
 */
export async function readSharedImage(opts: {
  db: Knex;
  images: ImageStore;
  open: TOpenShare;
  imageId: string;
  variant: 'thumb' | 'large';
}): Promise<{ data: Buffer; mime: string } | null> {
  const { open } = opts;
  const image = await CardImage.query(opts.db)
    .select('card_images.*')
    .join('card_slots', 'card_slots.image_id', 'card_images.id')
    .where('card_images.id', opts.imageId)
    .where('card_slots.user_id', open.owner.id)
    .where('card_slots.slot_number', '<=', sharedSlotCount(open.layout, open.share.customCount))
    .first();
  if (!image) return null;
  // A missing or cut file is made again from the original, as for the owner (viewer-size.ts).
  const data = await readMadeVariant(opts.images, image, opts.variant);
  return data ? { data, mime: variantMime(image, opts.variant) } : null;
}
