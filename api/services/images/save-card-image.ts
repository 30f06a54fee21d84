import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { CardImage } from '../../../db/models/CardImage.ts';
import type { ImageStore } from './image-store.ts';
import { forgetImages } from './known-images.ts';
import type { TProcessedImage } from './process-image.ts';

/** Variants a client may ask for, and their files. */
export const IMAGE_VARIANTS = { thumb: 'thumb.webp', large: 'large.jpg' } as const;

/** PNG photos may be transparent: their viewer size is WebP (which keeps alpha), not JPEG. */
const largeFile = (mime: string) => (mime === 'image/png' ? 'large.webp' : IMAGE_VARIANTS.large);

/** The content type of a stored variant. */
export function variantMime(image: Pick<CardImage, 'mime'>, variant: TImageVariant): string {
  if (variant === 'original') return image.mime;
  if (variant === 'thumb') return 'image/webp';
  return image.mime === 'image/png' ? 'image/webp' : 'image/jpeg';
}
export type TImageVariant = keyof typeof IMAGE_VARIANTS | 'original';

export const imageFolder = (userId: number, imageId: string) => `${userId}/${imageId}`;

/** The store key of one variant of an image. */
export function variantKey(image: Pick<CardImage, 'id' | 'userId' | 'mime'>, variant: TImageVariant): string {
  const file =
    variant === 'original' ? `original.${image.mime === 'image/png' ? 'png' : 'jpg'}` : variant === 'large' ? largeFile(image.mime) : IMAGE_VARIANTS.thumb;
  return `${imageFolder(image.userId, image.id)}/${file}`;
}

/** The store key of an image's viewer size. */
export const viewerKey = (userId: number, id: string, mime: string) => `${imageFolder(userId, id)}/${largeFile(mime)}`;

/**
 * Writes a processed image's files; returns the id of the new image (no row yet). With
 * `viewerLater`, the viewer size is left out: the caller hands it to writeViewerSizeLater
 * (viewer-size.ts) once its row has committed.
 */
export async function writeImageFiles(store: ImageStore, userId: number, image: TProcessedImage, opts: { viewerLater?: boolean } = {}): Promise<string> {
  const id = randomUUID();
  const folder = imageFolder(userId, id);
  await Promise.all([
    store.write(`${folder}/original.${image.original.ext}`, image.original.data),
    store.write(`${folder}/${IMAGE_VARIANTS.thumb}`, image.thumb),
    opts.viewerLater ? undefined : image.large().then((data) => store.write(viewerKey(userId, id, image.original.mime), data)),
  ]);
  return id;
}

/** Inserts the row of an image whose files are written. Call inside the write's transaction. */
export async function insertImageRow(trx: Knex.Transaction, userId: number, id: string, image: TProcessedImage): Promise<void> {
  await CardImage.query(trx).insert({
    id,
    userId,
    mime: image.original.mime,
    width: image.width,
    height: image.height,
    bytes: image.original.data.length,
  });
}

/** Deletes images' rows (inside a transaction) — their files go after commit with removeImageFiles. */
export async function deleteImageRows(trx: Knex.Transaction, ids: string[]): Promise<void> {
  forgetImages(ids);
  if (ids.length) await CardImage.query(trx).delete().whereIn('id', ids);
}

/** Writes still running after their answer, by image folder (viewer-size.ts): a removal waits for them. */
export const lateWrites = new Map<string, Promise<unknown>>();

/**
 * Removes images' files, once any viewer size still being written for them is stored (so it cannot
 * land in a folder already removed). Idempotent; failures are left for a clean-up job rather than thrown.
 */
export async function removeImageFiles(store: ImageStore, userId: number, ids: string[]): Promise<void> {
  await Promise.allSettled(
    ids.map(async (id) => {
      const folder = imageFolder(userId, id);
      await lateWrites.get(folder)?.catch(() => undefined);
      await store.removePrefix(folder);
    }),
  );
}
