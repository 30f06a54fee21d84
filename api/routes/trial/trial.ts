import Router from '@koa/router';
import type { TAccountAnswer } from '../../../core/contracts/auth.types.ts';
import type { TDeps } from '../../deps.ts';
import { requireUser, userOf } from '../../middleware/session.ts';
import { presentUser } from '../../presenters/user.ts';
import { startTrialWithCards } from '../../services/accounts/sign-up.ts';
import { serve } from '../serve.ts';

/**
 * POST /api/start-free-trial: 7 days of PRO, no payment, once per account. The body is empty, or
 * carries the anonymous cards, which then move in within the same transaction.
 */
export function trialRoutes(deps: TDeps): Router {
  const router = new Router();
  serve(router, 'startFreeTrial', { use: [requireUser(deps)], json: '4mb' }, async (ctx, { body: input }) => {
    const { user, cardsMoved } = await startTrialWithCards({
      db: deps.db,
      images: deps.images,
      log: deps.log,
      now: deps.clock(),
      userId: userOf(ctx).id,
      cards: input.collectionData,
    });
    const answer: TAccountAnswer = { ...presentUser(user, deps.clock()), ...(cardsMoved ? { cardsMoved } : {}) };
    return answer;
  });
  return router;
}
