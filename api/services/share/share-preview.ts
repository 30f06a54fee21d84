import type { Knex } from 'knex';
import type { TSharedWall } from '../../../core/contracts/share.types.ts';
import { PREVIEW_CARDS, sharedSlotCount } from '../../../core/share.ts';
import { CardImage } from '../../../db/models/CardImage.ts';
import { Share } from '../../../db/models/Share.ts';
import type { ImageStore } from '../images/image-store.ts';
import { readMadeVariant } from '../images/viewer-size.ts';
import type { TOpenShare } from './open-share.ts';
import { renderSharePreview } from './render-share-preview.ts';

/** Previews being made in this process, so a burst of scrapers makes each one once. */
const inFlight = new Map<string, Promise<Buffer>>();

/**
 * The preview image (PNG) of a live link, made once per gallery version and link settings and kept
 * on the share's row: a gallery write bumps the version, a link change clears it (update-share.ts).
 */
export async function sharePreview(opts: { db: Knex; images: ImageStore; open: TOpenShare; wall: TSharedWall }): Promise<Buffer> {
  const { share, owner } = opts.open;
  const version = owner.galleryVersion;
  if (share.previewVersion === version) {
    const row = await Share.query(opts.db).select('previewPng', 'previewVersion').findById(share.id);
    // PGlite hands bytea back as a Uint8Array, pg as a Buffer.
    if (row?.previewPng && row.previewVersion === version) return Buffer.from(row.previewPng);
  }
  const key = `${share.id}:${version}:${share.updatedAt.getTime()}`;
  let making = inFlight.get(key);
  if (!making) {
    making = makePreview(opts, version).finally(() => inFlight.delete(key));
    inFlight.set(key, making);
  }
  return making;
}

async function makePreview(opts: { db: Knex; images: ImageStore; open: TOpenShare; wall: TSharedWall }, version: number): Promise<Buffer> {
  const { share, owner, layout } = opts.open;
  const photos = await CardImage.query(opts.db)
    .select('card_images.*')
    .join('card_slots', 'card_slots.image_id', 'card_images.id')
    .where('card_slots.user_id', owner.id)
    .where('card_slots.slot_number', '<=', sharedSlotCount(layout, share.customCount))
    .orderBy('card_slots.slot_number')
    .limit(PREVIEW_CARDS);
  const thumbs = await Promise.all(photos.map((image) => readMadeVariant(opts.images, image, 'thumb').catch(() => null)));
  const png = await renderSharePreview(opts.wall, thumbs);
  // Kept only if the link is unchanged since it was read (a PATCH in between cleared it for good reason).
  await Share.query(opts.db).patch({ previewPng: png, previewVersion: version }).where({ id: share.id, updatedAt: share.updatedAt });
  return png;
}
