import { gunzipSync } from 'node:zlib';
import Router from '@koa/router';
import type { Middleware } from 'koa';
import { toGalleryCards } from '../../../core/transfer.ts';
import type { TDeps } from '../../deps.ts';
import { bodyOf, jsonBody, parseInput } from '../../middleware/body.ts';
import { imageUpload, uploadedImage } from '../../middleware/multipart.ts';
import { requireUser, userOf } from '../../middleware/session.ts';
import { presentEmptySlot, presentSlot } from '../../presenters/card.ts';
import { clearSlot } from '../../services/cards/clear-slot.ts';
import { cardsInSlots, swapSlots } from '../../services/cards/swap-slots.ts';
import { transferCollection } from '../../services/cards/transfer-collection.ts';
import { updateCard } from '../../services/cards/update-card.ts';
import { uploadCard } from '../../services/cards/upload-card.ts';
import { MAX_IMPORT_BYTES, ZExportQuery, ZHistoryQuery, ZImportRequest } from '../../../core/contracts/csv.types.ts';
import { publicUrl } from '../../env.ts';
import { createPsaVerifier } from '../../services/analysis/psa-verify.ts';
import { exportCards, exportFileName } from '../../services/cards/export-cards.ts';
import { importCards, previewImport } from '../../services/cards/import-cards.ts';
import { cardValueHistory, totalValueHistory } from '../../services/cards/value-history.ts';
import { ZCardFields, ZCardsQuery, ZMigrate, ZSlotParams, ZSwap, ZTransfer, ZUploadFields, type TMigrateAnswer, type TTransferAnswer } from '../../../core/contracts/cards.types.ts';

/** An import's body: `{ csv, mapping?, onlyValid? }`, the file's text (MAX_IMPORT_BYTES, plus JSON escaping) and a column mapping. */
const IMPORT_BODY = { limit: MAX_IMPORT_BYTES * 2, maxDepth: 2, maxValues: 32 };

/** A transfer's body: up to 100 cards, photos as data URLs; no deeper than `{ list: [ { … } ] }`. */
const TRANSFER_BODY = { limit: '40mb', maxDepth: 3 };

/** The signed-in user's gallery slots (docs/product.md §7 card calls, transfer and migrate). */
export function cardRoutes(deps: TDeps): Router {
  const router = new Router();
  const auth = requireUser(deps);

  const gallery = deps.galleryCache;
  router.get('/cards', auth, async (ctx) => {
    const { limit } = parseInput(ZCardsQuery, { limit: ctx.query.limit });
    const answer = await gallery.get(deps.db, userOf(ctx), limit);
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
    const rows = await cardsInSlots(deps.db, userOf(ctx).id, [input.fromSlot, input.toSlot]);
    ctx.body = [input.fromSlot, input.toSlot].map((n) => {
      const row = rows.find((r) => r.slotNumber === n);
      return row ? presentSlot(row) : presentEmptySlot(n);
    });
  });

  // The slot is checked before the form is read: a bad one costs no upload.
  const slotParam: Middleware = (ctx, next) => {
    parseInput(ZSlotParams, ctx.params);
    return next();
  };
  router.post('/cards/:slot/upload', auth, slotParam, imageUpload(), async (ctx) => {
    const { slot } = parseInput(ZSlotParams, ctx.params);
    const fields = parseInput(ZUploadFields, bodyOf(ctx));
    const image = uploadedImage(ctx);
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

  router.post('/transfer-collection', auth, jsonBody(TRANSFER_BODY), async (ctx) => {
    const input = parseInput(ZTransfer, bodyOf(ctx));
    const result = await transferCollection({ db: deps.db, images: deps.images, user: userOf(ctx), now: deps.clock(), cards: input.collectionData });
    const answer: TTransferAnswer = { transferred: result.transferred.length, skipped: result.skipped, cards: result.transferred.map(presentSlot) };
    ctx.body = answer;
  });

  router.post('/migrate-collection', auth, jsonBody(TRANSFER_BODY), async (ctx) => {
    const input = parseInput(ZMigrate, bodyOf(ctx));
    const cards = toGalleryCards(input.collection, null);
    const result = await transferCollection({ db: deps.db, images: deps.images, user: userOf(ctx), now: deps.clock(), cards });
    const answer: TMigrateAnswer = { migratedCards: result.transferred.length, skipped: result.skipped, cards: result.transferred.map(presentSlot) };
    ctx.body = answer;
  });

  // Value history and CSV export/import (docs/choices.md 29).
  router.get('/cards/value-history', auth, async (ctx) => {
    const { range } = parseInput(ZHistoryQuery, ctx.query);
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.body = await totalValueHistory({ db: deps.db, user: userOf(ctx), range, now: deps.clock() });
  });

  router.get('/cards/export.csv', auth, async (ctx) => {
    const { layout } = parseInput(ZExportQuery, ctx.query);
    const now = deps.clock();
    const csv = await exportCards({ db: deps.db, user: userOf(ctx), baseUrl: publicUrl(deps.env), present: presentSlot, layout, now });
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('Content-Disposition', `attachment; filename="${exportFileName(now, layout)}"`);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = csv;
  });

  const psa = deps.env.PSA_API_TOKEN ? createPsaVerifier({ token: deps.env.PSA_API_TOKEN, baseUrl: deps.env.PSA_API_BASE_URL }) : null;
  router.post('/cards/import/preview', auth, jsonBody(IMPORT_BODY), async (ctx) => {
    const { csv, mapping } = parseInput(ZImportRequest, bodyOf(ctx));
    ctx.body = await previewImport({ db: deps.db, user: userOf(ctx), now: deps.clock(), csv, mapping, psa });
  });

  router.post('/cards/import', auth, jsonBody(IMPORT_BODY), async (ctx) => {
    const { csv, mapping, onlyValid } = parseInput(ZImportRequest, bodyOf(ctx));
    ctx.body = await importCards({ db: deps.db, user: userOf(ctx), now: deps.clock(), csv, mapping, onlyValid });
  });

  router.get('/cards/:slot/history', auth, async (ctx) => {
    const { slot } = parseInput(ZSlotParams, ctx.params);
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.body = await cardValueHistory({ db: deps.db, user: userOf(ctx), slotNumber: slot });
  });

  return router;
}
