import Router from '@koa/router';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { serve } from '../serve.ts';

/** A check that takes longer than this counts as down: a load balancer should not wait on it. */
const CHECK_MS = 2000;

const within = (work: Promise<unknown>): Promise<'ok' | 'unreachable'> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'unreachable'>((resolve) => {
    timer = setTimeout(() => resolve('unreachable'), CHECK_MS);
  });
  return Promise.race([
    work.then(
      () => 'ok' as const,
      () => 'unreachable' as const,
    ),
    late,
  ]).finally(() => clearTimeout(timer));
};

/**
 * `GET /api/health` for load balancers and monitors: 200 `{ status: 'ok', database, storage }`
 * when the database answers and the image store is reachable; 503 in the error shape, with the
 * same checks, when either is not or while the process drains for shutdown (so the proxy sends
 * new requests elsewhere). No session, no rate limit, never cached.
 */
export function healthRoutes(deps: TDeps): Router {
  const router = new Router();
  serve(router, 'health', {}, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    const [database, storage] = await Promise.all([
      within(deps.db.raw('select 1')),
      within(deps.images.ping ? deps.images.ping() : deps.images.read('health')),
    ]);
    const checks = { database, storage };
    if (deps.lifecycle?.draining) throw new AppError(503, 'shutting_down', 'This server is shutting down', checks);
    if (database !== 'ok' || storage !== 'ok') {
      const down = Object.entries(checks)
        .filter(([, v]) => v !== 'ok')
        .map(([k]) => k)
        .join(' and ');
      throw new AppError(503, 'unavailable', `The ${down} cannot be reached`, checks);
    }
    return { status: 'ok', database: 'ok', storage: 'ok' };
  });
  return router;
}
