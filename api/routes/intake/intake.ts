import Router from '@koa/router';
import type { TDeps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { imageUpload, uploadedImage } from '../../middleware/multipart.ts';
import { requireUser, userOf } from '../../middleware/session.ts';
import { serve } from '../serve.ts';

/**
 * Bulk intake (docs/choices.md 42). Each call answers at once; the work runs in the background queues
 * (services/intake/) and the page polls:
 * - POST /api/intake/certs `{ certs }` -> 202 the batch; GET /api/intake/certs/{id} -> the batch as it stands.
 * - POST /api/intake/photos (multipart `image`, `name`) -> 202 the photo's place in the reader's queue;
 *   GET /api/intake/photos -> the user's photos and what was read; DELETE /api/intake/photos/{id} forgets one.
 */
export function intakeRoutes(deps: TDeps): Router {
  const router = new Router();
  const auth = requireUser(deps);

  serve(router, 'startCertIntake', { use: [auth], json: { limit: 64 * 1024, maxDepth: 1, maxValues: 4 } }, async (ctx, { body: { certs } }) => {
    ctx.status = 202;
    return await deps.intake.certs.start(userOf(ctx), certs);
  });

  serve(router, 'certBatch', { use: [auth] }, (ctx, { params: { id } }) => {
    const batch = deps.intake.certs.get(userOf(ctx).id, id);
    if (!batch) throw notFound('No such cert batch');
    ctx.set('Cache-Control', 'private, no-store');
    return batch;
  });

  serve(router, 'addIntakePhoto', { use: [auth], read: imageUpload() }, (ctx, { body: { name } }) => {
    const image = uploadedImage(ctx);
    ctx.status = 202;
    return deps.intake.photos.add(userOf(ctx), image, name ?? 'photo');
  });

  serve(router, 'intakePhotos', { use: [auth] }, async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    return { psa: deps.intake.psa.available, items: await deps.intake.photos.list(userOf(ctx).id) };
  });

  serve(router, 'forgetIntakePhoto', { use: [auth] }, (ctx, { params: { id } }) => {
    if (!deps.intake.photos.forget(userOf(ctx).id, id)) throw notFound('No such photo');
    ctx.status = 204;
  });

  return router;
}
