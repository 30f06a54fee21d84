import Router from '@koa/router';
import { z } from 'zod';
import type { TDeps } from '../../deps.ts';
import { bodyOf, jsonBody, parseInput } from '../../middleware/body.ts';
import { consume } from '../../middleware/rate-limit.ts';
import { decodeImageDataUrl } from '../../services/analysis/index.ts';

// A 10 MB image is ~13.4 MB as base64; a little room for the data URL header.
const ZAnalyze = z.object({ image: z.string().min(1, 'is required').max(14_500_000, 'is larger than 10 MB') });

/**
 * POST /api/analyze-card (spec §7): identifies a card photo. Open to visitors without an account
 * (the try-out flow), so it is rate limited per IP: analysis costs CPU or money.
 */
export function analysisRoutes(deps: TDeps): Router {
  const router = new Router();
  router.post('/analyze-card', jsonBody('15mb'), async (ctx) => {
    const input = parseInput(ZAnalyze, bodyOf(ctx));
    await consume([deps.limits.analyzeIp, ctx.ip]);
    const image = await decodeImageDataUrl(input.image);
    ctx.body = await deps.analyzer.analyze(image.data, image.mime);
  });
  return router;
}
