import Router from '@koa/router';
import type { TDeps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import { requireUser, userOf } from '../../middleware/session.ts';
import { findImage } from '../../services/images/known-images.ts';
import { variantKey, variantMime } from '../../services/images/save-card-image.ts';
import { readMadeVariant } from '../../services/images/viewer-size.ts';
import { serve } from '../serve.ts';

/**
 * Card photos, served only to their owner (docs/choices.md 12): any other user, and any unknown id,
 * gets the same 404. Ids are random and files never change, so browsers may keep them. The image's
 * row is remembered after its first request (known-images.ts): a wall's thumbnails cost no query.
 */
export function imageRoutes(deps: TDeps): Router {
  const router = new Router();
  serve(router, 'image', { use: [requireUser(deps)], badParams: () => notFound('No such image') }, async (ctx, { params }) => {
    const { id, variant } = params;
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
