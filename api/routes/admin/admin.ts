import Router from '@koa/router';
import { ZSeriesQuery } from '../../../core/contracts/admin.types.ts';
import type { TDeps } from '../../deps.ts';
import { parseInput } from '../../middleware/body.ts';
import { requireAdmin } from '../../middleware/require-admin.ts';
import { adminSeries } from '../../services/admin/admin-series.ts';
import { adminStats } from '../../services/admin/admin-stats.ts';

/** The admin dashboard's data (docs/product.md §2, §7 GET /api/admin/stats; docs/choices.md 7): admins only. */
export function adminRoutes(deps: TDeps): Router {
  const router = new Router();
  router.get('/admin/stats', requireAdmin(deps), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await adminStats({ db: deps.db, now: deps.clock() });
  });
  router.get('/admin/series', requireAdmin(deps), async (ctx) => {
    const { range } = parseInput(ZSeriesQuery, { range: ctx.query.range });
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await adminSeries({ db: deps.db, now: deps.clock(), range });
  });
  return router;
}
