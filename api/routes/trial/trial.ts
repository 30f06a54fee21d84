import Router from '@koa/router';
import type { TDeps } from '../../deps.ts';
import { requireUser, userOf } from '../../middleware/session.ts';
import { presentUser } from '../../presenters/user.ts';
import { startTrial } from '../../services/accounts/start-trial.ts';

/** POST /api/start-free-trial: 7 days of PRO, no payment, once per account. */
export function trialRoutes(deps: TDeps): Router {
  const router = new Router();
  router.post('/start-free-trial', requireUser(deps), async (ctx) => {
    const user = await startTrial({ db: deps.db, userId: userOf(ctx).id, now: deps.clock() });
    ctx.body = presentUser(user, deps.clock(), deps.env.ADMIN_EMAILS);
  });
  return router;
}
