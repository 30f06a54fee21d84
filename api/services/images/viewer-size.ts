import type { CardImage } from '../../../db/models/CardImage.ts';
import type { ImageStore } from './image-store.ts';
import { thumbFromOriginal, viewerFromOriginal, type TProcessedImage } from './process-image.ts';
import { imageFolder, lateWrites, variantKey, variantMime, viewerKey } from './save-card-image.ts';
import { isWholeImage } from './whole-image.ts';

/** Variants being made again from their original, by store key: one job per file. */
const remaking = new Map<string, Promise<Buffer | null>>();

function track<T>(folder: string, job: Promise<T>): Promise<T> {
  lateWrites.set(folder, job);
  void job
    .finally(() => {
      if (lateWrites.get(folder) === job) lateWrites.delete(folder);
    })
    .catch(() => undefined);
  return job;
}

/**
 * Makes and stores an image's viewer size after its row has committed and the upload has answered,
 * so the answer does not wait for it (the thumbnail and the original are stored before the commit). Never
 * throws: if it fails, or the process stops first, readMadeVariant makes it on the next request.
 */
export function writeViewerSizeLater(store: ImageStore, userId: number, id: string, image: TProcessedImage): void {
  // Begun on the event loop's next turn, once the upload's answer is written: the encode keeps a core
  // busy for a few hundred ms and the answer does not need it. Tracked from now, so a read waits for it.
  const job = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => image.large())
    .then((data) => store.write(viewerKey(userId, id, image.original.mime), data))
    .catch(() => undefined);
  track(imageFolder(userId, id), job);
}

/** A made variant (thumbnail or viewer size), remade from the original when missing or not whole. */
export async function readMadeVariant(store: ImageStore, image: Pick<CardImage, 'id' | 'userId' | 'mime'>, variant: 'thumb' | 'large'): Promise<Buffer | null> {
  const key = variantKey(image, variant);
  const mime = variantMime(image, variant);
  const whole = (data: Buffer | null) => (data && isWholeImage(data, mime) ? data : null);
  const stored = whole(await store.read(key));
  if (stored) return stored;
  const folder = imageFolder(image.userId, image.id);
  const late = lateWrites.get(folder);
  if (late) {
    await late.catch(() => undefined);
    const written = whole(await store.read(key));
    if (written) return written;
  }
  let job = remaking.get(key);
  if (!job) {
    job = remake(store, image, variant, key).finally(() => remaking.delete(key));
    remaking.set(key, job);
    track(folder, job);
  }
  return job;
}

async function remake(store: ImageStore, image: Pick<CardImage, 'id' | 'userId' | 'mime'>, variant: 'thumb' | 'large', key: string): Promise<Buffer | null> {
  const original = await store.read(variantKey(image, 'original'));
  if (!original) return null;
  const data = await (variant === 'large' ? viewerFromOriginal(original, image.mime) : thumbFromOriginal(original)).catch(() => null);
  if (data) await store.write(key, data).catch(() => undefined);
  return data;
}

/** Resolves once every viewer size being written in this process is stored (benches, tests, shutdown). */
export async function viewerSizesSettled(): Promise<void> {
  while (lateWrites.size) await Promise.allSettled([...lateWrites.values()]);
}
