import { gunzipSync } from 'node:zlib';
import Router from '@koa/router';
import { toGalleryCards } from '../../../core/transfer.ts';
import type { TDeps } from '../../deps.ts';
import { imageUpload, uploadedImage } from '../../middleware/multipart.ts';
import { requireUser, userOf } from '../../middleware/session.ts';
import { presentEmptySlot, presentSlot } from '../../presenters/card.ts';
import { clearSlot } from '../../services/cards/clear-slot.ts';
import { cardsInSlots, swapSlots } from '../../services/cards/swap-slots.ts';
import { transferCollection } from '../../services/cards/transfer-collection.ts';
import { updateCard } from '../../services/cards/update-card.ts';
import { uploadCard } from '../../services/cards/upload-card.ts';
import { MAX_IMPORT_BYTES } from '../../../core/contracts/csv.types.ts';
import { publicUrl } from '../../env.ts';
import { createPsaVerifier } from '../../services/analysis/psa-verify.ts';
import { exportCards, exportFileName } from '../../services/cards/export-cards.ts';
import { importCards, previewImport } from '../../services/cards/import-cards.ts';
import { cardValueHistory, totalValueHistory } from '../../services/cards/value-history.ts';
import { marketOf, marketsOf } from '../../services/prices/card-market.ts';
import type { TMigrateAnswer, TTransferAnswer } from '../../../core/contracts/cards.types.ts';
import { SENT, serve } from '../serve.ts';

/** An import's body: `{ csv, mapping?, onlyValid? }`, the file's text (MAX_IMPORT_BYTES, plus JSON escaping) and a column mapping. */
const IMPORT_BODY = { limit: MAX_IMPORT_BYTES * 2, maxDepth: 2, maxValues: 32 };

/** A transfer's body: up to 100 cards, photos as data URLs; no deeper than `{ list: [ { … } ] }`. */
const TRANSFER_BODY = { limit: '40mb', maxDepth: 3 };

/** The signed-in user's gallery slots (docs/product.md §7 card calls, transfer and migrate). */
export function cardRoutes(deps: TDeps): Router {
  const router = new Router();
  const auth = requireUser(deps);

  const gallery = deps.galleryCache;
  serve(router, 'listCards', { use: [auth] }, async (ctx, { query: { limit } }) => {
    const answer = await gallery.get(deps.db, userOf(ctx), limit);
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.set('ETag', answer.etag);
    ctx.set('Vary', 'Accept-Encoding, Cookie');
    if (ctx.get('If-None-Match') === answer.etag) {
      ctx.status = 304;
      return SENT;
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
    return SENT;
  });

  serve(router, 'swapCards', { use: [auth] }, async (ctx, { body: input }) => {
    await swapSlots({ db: deps.db, user: userOf(ctx), now: deps.clock(), ...input });
    const rows = await cardsInSlots(deps.db, userOf(ctx).id, [input.fromSlot, input.toSlot]);
    const markets = await marketsOf(
      deps.db,
      rows.map((r) => r.id),
    );
    return [input.fromSlot, input.toSlot].map((n) => {
      const row = rows.find((r) => r.slotNumber === n);
      return row ? presentSlot(row, markets.get(row.id) ?? null) : presentEmptySlot(n);
    });
  });

  // The slot is checked before the form is read (serve() checks params first): a bad one costs no upload.
  serve(router, 'uploadCard', { use: [auth], read: imageUpload() }, async (ctx, { params: { slot }, body: fields }) => {
    const image = uploadedImage(ctx);
    const card = await uploadCard({ db: deps.db, images: deps.images, user: userOf(ctx), now: deps.clock(), slotNumber: slot, image, fields });
    ctx.status = 201;
    return presentSlot(card, null);
  });

  serve(router, 'updateCard', { use: [auth] }, async (ctx, { params: { slot }, body: fields }) => {
    const card = await updateCard({ db: deps.db, user: userOf(ctx), now: deps.clock(), slotNumber: slot, fields });
    return presentSlot(card, await marketOf(deps.db, card.id));
  });

  serve(router, 'clearSlot', { use: [auth] }, async (ctx, { params: { slot } }) => {
    await clearSlot({ db: deps.db, images: deps.images, user: userOf(ctx), now: deps.clock(), slotNumber: slot });
    return presentEmptySlot(slot);
  });

  serve(router, 'transferCollection', { use: [auth], json: TRANSFER_BODY }, async (ctx, { body: input }) => {
    const result = await transferCollection({ db: deps.db, images: deps.images, user: userOf(ctx), now: deps.clock(), cards: input.collectionData });
    const answer: TTransferAnswer = {
      transferred: result.transferred.length,
      skipped: result.skipped,
      cards: result.transferred.map((c) => presentSlot(c, null)),
    };
    return answer;
  });

  serve(router, 'migrateCollection', { use: [auth], json: TRANSFER_BODY }, async (ctx, { body: input }) => {
    const cards = toGalleryCards(input.collection, null);
    const result = await transferCollection({ db: deps.db, images: deps.images, user: userOf(ctx), now: deps.clock(), cards });
    const answer: TMigrateAnswer = {
      migratedCards: result.transferred.length,
      skipped: result.skipped,
      cards: result.transferred.map((c) => presentSlot(c, null)),
    };
    return answer;
  });

  // Value history and CSV export/import (docs/choices.md 29).
  serve(router, 'totalValueHistory', { use: [auth] }, async (ctx, { query: { range } }) => {
    ctx.set('Cache-Control', 'private, no-cache');
    return await totalValueHistory({ db: deps.db, user: userOf(ctx), range, now: deps.clock() });
  });

  serve(router, 'exportCards', { use: [auth] }, async (ctx, { query: { layout } }) => {
    const now = deps.clock();
    const csv = await exportCards({ db: deps.db, user: userOf(ctx), baseUrl: publicUrl(deps.env), present: presentSlot, layout, now });
    ctx.set('Cache-Control', 'private, no-store');
    ctx.set('Content-Disposition', `attachment; filename="${exportFileName(now, layout)}"`);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = csv;
  });

  const psa = deps.env.PSA_API_TOKEN ? createPsaVerifier({ token: deps.env.PSA_API_TOKEN, baseUrl: deps.env.PSA_API_BASE_URL }) : null;
  serve(router, 'previewImport', { use: [auth], json: IMPORT_BODY }, async (ctx, { body: { csv, mapping } }) => {
    return await previewImport({ db: deps.db, user: userOf(ctx), now: deps.clock(), csv, mapping, psa });
  });

  serve(router, 'importCards', { use: [auth], json: IMPORT_BODY }, async (ctx, { body: { csv, mapping, onlyValid } }) => {
    return await importCards({ db: deps.db, user: userOf(ctx), now: deps.clock(), csv, mapping, onlyValid });
  });

  serve(router, 'cardValueHistory', { use: [auth] }, async (ctx, { params: { slot } }) => {
    ctx.set('Cache-Control', 'private, no-cache');
    return await cardValueHistory({ db: deps.db, user: userOf(ctx), slotNumber: slot });
  });

  return router;
}
