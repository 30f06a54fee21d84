import Router from '@koa/router';
import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { requireUser, userOf } from '../../middleware/session.ts';
import { findImage } from '../../services/images/known-images.ts';
import { variantKey, variantMime } from '../../services/images/save-card-image.ts';
import { readMadeVariant } from '../../services/images/viewer-size.ts';

const ZImageParams = z.object({ id: z.uuid(), variant: z.enum(['thumb', 'large', 'original']) });

/**
 * Card photos, served only to their owner (docs/choices.md 12): any other user, and any unknown id,
 * gets the same 404. Ids are random and files never change, so browsers may keep them. The image's
 * row is remembered after its first request (known-images.ts): a wall's thumbnails cost no query.
 */
export function imageRoutes(deps: TDeps): Router {
  const router = new Router();
  router.get('/images/:id/:variant', requireUser(deps), async (ctx) => {
    const params = ZImageParams.safeParse(ctx.params);
    if (!params.success) throw notFound('No such image');
    const { id, variant } = params.data;
    const image = await findImage(deps.db, id);
    if (!image || image.userId !== userOf(ctx).id) throw notFound('No such image');
    const data = variant === 'original' ? await deps.images.read(variantKey(image, variant)) : await readMadeVariant(deps.images, image, variant);
    if (!data) throw notFound('No such image');
    ctx.type = variantMime(image, variant);
    ctx.set('Cache-Control', 'private, max-age=31536000, immutable');
    ctx.body = data;
  });
  return router;
}
