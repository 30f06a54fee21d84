import Router from '@koa/router';
import type { TDeps } from '../../deps.ts';
import { requireAdmin } from '../../middleware/require-admin.ts';
import { adminSeries } from '../../services/admin/admin-series.ts';
import { adminStats } from '../../services/admin/admin-stats.ts';
import { serve } from '../serve.ts';

/** The admin dashboard's data (docs/product.md §2, §7 GET /api/admin/stats; docs/choices.md 7): admins only. */
export function adminRoutes(deps: TDeps): Router {
  const router = new Router();
  const admin = requireAdmin(deps);
  serve(router, 'adminStats', { use: [admin] }, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return await adminStats({ db: deps.db, now: deps.clock() });
  });
  serve(router, 'adminSeries', { use: [admin] }, async (ctx, { query }) => {
    ctx.set('Cache-Control', 'no-store');
    return await adminSeries({ db: deps.db, now: deps.clock(), range: query.range });
  });
  return router;
}
