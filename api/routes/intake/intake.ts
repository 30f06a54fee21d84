import Router from '@koa/router';
import { z } from 'zod';
import { ZCertIntake } from '../../../core/contracts/intake.types.ts';
import type { TDeps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { bodyOf, jsonBody, parseInput } from '../../middleware/body.ts';
import { imageUpload, uploadedImage } from '../../middleware/multipart.ts';
import { requireUser, userOf } from '../../middleware/session.ts';

const ZId = z.object({ id: z.uuid('is not a batch id') });
const ZPhotoFields = z.object({ name: z.string().max(500).optional() });

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

  router.post('/intake/certs', auth, jsonBody({ limit: 64 * 1024, maxDepth: 1, maxValues: 4 }), async (ctx) => {
    const { certs } = parseInput(ZCertIntake, bodyOf(ctx));
    ctx.status = 202;
    ctx.body = await deps.intake.certs.start(userOf(ctx), certs);
  });

  router.get('/intake/certs/:id', auth, (ctx) => {
    const { id } = parseInput(ZId, ctx.params);
    const batch = deps.intake.certs.get(userOf(ctx).id, id);
    if (!batch) throw notFound('No such cert batch');
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = batch;
  });

  router.post('/intake/photos', auth, imageUpload(), (ctx) => {
    const { name } = parseInput(ZPhotoFields, bodyOf(ctx));
    const image = uploadedImage(ctx);
    ctx.status = 202;
    ctx.body = deps.intake.photos.add(userOf(ctx), image, name ?? 'photo');
  });

  router.get('/intake/photos', auth, async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = { psa: deps.intake.psa.available, items: await deps.intake.photos.list(userOf(ctx).id) };
  });

  router.delete('/intake/photos/:id', auth, (ctx) => {
    const { id } = parseInput(ZId, ctx.params);
    if (!deps.intake.photos.forget(userOf(ctx).id, id)) throw notFound('No such photo');
    ctx.status = 204;
  });

  return router;
}
