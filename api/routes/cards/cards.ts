import fs from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import Router from '@koa/router';
import { koaBody } from 'koa-body';
import type { Context } from 'koa';
import { MAX_IMAGE_BYTES } from '../../../core/limits.ts';
import { toGalleryCards } from '../../../core/transfer.ts';
import { CardSlot } from '../../../db/models/CardSlot.ts';
import type { TDeps } from '../../deps.ts';
import { AppError, badRequest } from '../../errors.ts';
import { bodyOf, jsonBody, parseInput } from '../../middleware/body.ts';
import { requireUser, userOf } from '../../middleware/session.ts';
import { presentEmptySlot, presentSlot } from '../../presenters/card.ts';
import { clearSlot } from '../../services/cards/clear-slot.ts';
import { swapSlots } from '../../services/cards/swap-slots.ts';
import { transferCollection } from '../../services/cards/transfer-collection.ts';
import { updateCard } from '../../services/cards/update-card.ts';
import { createGalleryCache } from '../../services/cards/gallery-cache.ts';
import { uploadCard } from '../../services/cards/upload-card.ts';
import { ZCardFields, ZMigrate, ZSlotParams, ZSwap, ZTransfer, ZUploadFields } from './schema.ts';

const multipart = koaBody({
  multipart: true,
  json: false,
  urlencoded: false,
  text: false,
  formidable: { maxFileSize: MAX_IMAGE_BYTES, maxFiles: 1, maxFields: 10, maxFieldsSize: 64 * 1024, allowEmptyFiles: false },
  onError(err) {
    const tooBig = /maxFileSize|maxTotalFileSize|exceeded/i.test(err.message);
    throw tooBig ? new AppError(413, 'image_too_large', 'Image is larger than 10 MB') : badRequest('invalid_upload', 'The upload could not be read');
  },
});

interface TUploadedFile { filepath: string }

/** The single uploaded file named `image`, read into memory; its temp file is removed. */
async function takeImage(ctx: Context): Promise<Buffer> {
  const files = (ctx.request as unknown as { files?: Record<string, TUploadedFile | TUploadedFile[]> }).files ?? {};
  const entry = files.image;
  const all = Object.values(files).flat();
  try {
    const file = Array.isArray(entry) ? entry[0] : entry;
    if (!file) throw badRequest('image_required', 'image: an image file is required');
    return await fs.readFile(file.filepath);
  } finally {
    await Promise.allSettled(all.map((f) => fs.rm(f.filepath, { force: true })));
  }
}

/** The signed-in user's gallery slots (spec §7 card calls, transfer and migrate). */
export function cardRoutes(deps: TDeps): Router {
  const router = new Router();
  const auth = requireUser(deps);

  const gallery = createGalleryCache();
  router.get('/cards', auth, async (ctx) => {
    const answer = await gallery.get(deps.db, userOf(ctx));
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.set('ETag', answer.etag);
    ctx.set('Vary', 'Accept-Encoding, Cookie');
    if (ctx.get('If-None-Match') === answer.etag) {
      ctx.status = 304;
      return;
    }
    ctx.type = 'json';
    // Compressed once per gallery version; koa-compress leaves an encoded body alone. The rare
    // client that refuses gzip gets it unpacked.
    if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = answer.gzip;
    } else {
      ctx.body = gunzipSync(answer.gzip);
    }
  });

  router.post('/cards/swap', auth, jsonBody(), async (ctx) => {
    const input = parseInput(ZSwap, bodyOf(ctx));
    await swapSlots({ db: deps.db, user: userOf(ctx), now: deps.clock(), ...input });
    const rows = await CardSlot.query(deps.db).where('userId', userOf(ctx).id).whereIn('slotNumber', [input.fromSlot, input.toSlot]);
    ctx.body = [input.fromSlot, input.toSlot].map((n) => {
      const row = rows.find((r) => r.slotNumber === n);
      return row ? presentSlot(row) : presentEmptySlot(n);
    });
  });

  router.post('/cards/:slot/upload', auth, multipart, async (ctx) => {
    const { slot } = parseInput(ZSlotParams, ctx.params);
    const image = await takeImage(ctx);
    const fields = parseInput(ZUploadFields, bodyOf(ctx));
    const card = await uploadCard({ db: deps.db, images: deps.images, user: userOf(ctx), now: deps.clock(), slotNumber: slot, image, fields });
    ctx.status = 201;
    ctx.body = presentSlot(card);
  });

  router.patch('/cards/:slot', auth, jsonBody(), async (ctx) => {
    const { slot } = parseInput(ZSlotParams, ctx.params);
    const fields = parseInput(ZCardFields, bodyOf(ctx));
    const card = await updateCard({ db: deps.db, user: userOf(ctx), now: deps.clock(), slotNumber: slot, fields });
    ctx.body = presentSlot(card);
  });

  router.delete('/cards/:slot', auth, async (ctx) => {
    const { slot } = parseInput(ZSlotParams, ctx.params);
    await clearSlot({ db: deps.db, images: deps.images, user: userOf(ctx), now: deps.clock(), slotNumber: slot });
    ctx.body = presentEmptySlot(slot);
  });

  router.post('/transfer-collection', auth, jsonBody('40mb'), async (ctx) => {
    const input = parseInput(ZTransfer, bodyOf(ctx));
    const result = await transferCollection({ db: deps.db, images: deps.images, user: userOf(ctx), now: deps.clock(), cards: input.collectionData });
    ctx.body = { transferred: result.transferred.length, skipped: result.skipped, cards: result.transferred.map(presentSlot) };
  });

  router.post('/migrate-collection', auth, jsonBody('40mb'), async (ctx) => {
    const input = parseInput(ZMigrate, bodyOf(ctx));
    const cards = toGalleryCards(input.collection, null);
    const result = await transferCollection({ db: deps.db, images: deps.images, user: userOf(ctx), now: deps.clock(), cards });
    ctx.body = { migratedCards: result.transferred.length, skipped: result.skipped, cards: result.transferred.map(presentSlot) };
  });

  return router;
}
