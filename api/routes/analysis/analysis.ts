import Router from '@koa/router';
import type { TDeps } from '../../deps.ts';
import { limitByIp } from '../../middleware/rate-limit.ts';
import { decodeImageDataUrl, MAX_DATA_URL_LENGTH } from '../../services/analysis/index.ts';
import { serve } from '../serve.ts';

/**
 * POST /api/analyze-card (docs/product.md §7): identifies a card photo. Open to visitors without an account
 * (the try-out flow), so it is rate limited per IP before the body is read, and the body is bounded
 * to what a 10 MB image needs as a data URL: `{"image": "…"}`, nothing deeper.
 */
export function analysisRoutes(deps: TDeps): Router {
  const router = new Router();
  const json = { limit: MAX_DATA_URL_LENGTH + 1024, maxDepth: 2, maxValues: 20 };
  serve(router, 'analyzeCard', { use: [limitByIp(deps.limits.analyzeIp)], json }, async (_ctx, { body }) => {
    const image = await decodeImageDataUrl(body.image);
    return await deps.analyzer.analyze(image.data, image.mime);
  });
  return router;
}
