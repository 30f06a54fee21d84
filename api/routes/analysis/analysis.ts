import Router from '@koa/router';
import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { bodyOf, jsonBody, parseInput } from '../../middleware/body.ts';
import { limitByIp } from '../../middleware/rate-limit.ts';
import { decodeImageDataUrl, MAX_DATA_URL_LENGTH } from '../../services/analysis/index.ts';

const ZAnalyze = z.object({ image: z.string().min(1, 'is required').max(MAX_DATA_URL_LENGTH, 'is larger than 10 MB') });

/**
 * POST /api/analyze-card (docs/product.md §7): identifies a card photo. Open to visitors without an account
 * (the try-out flow), so it is rate limited per IP before the body is read, and the body is bounded
 * to what a 10 MB image needs as a data URL: `{"image": "…"}`, nothing deeper.
 */
export function analysisRoutes(deps: TDeps): Router {
  const router = new Router();
  router.post('/analyze-card', limitByIp(deps.limits.analyzeIp), jsonBody({ limit: MAX_DATA_URL_LENGTH + 1024, maxDepth: 2, maxValues: 20 }), async (ctx) => {
    const input = parseInput(ZAnalyze, bodyOf(ctx));
    const image = await decodeImageDataUrl(input.image);
    ctx.body = await deps.analyzer.analyze(image.data, image.mime);
  });
  return router;
}
