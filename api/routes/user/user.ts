import Router from '@koa/router';
import type { TDeps } from '../../deps.ts';
import { bodyOf, jsonBody, parseInput } from '../../middleware/body.ts';
import { consume } from '../../middleware/rate-limit.ts';
import { currentUser, requireUser, userOf } from '../../middleware/session.ts';
import { presentUser } from '../../presenters/user.ts';
import { changePassword } from '../../services/accounts/change-password.ts';
import { updateProfile } from '../../services/accounts/update-profile.ts';
import { userAnswer } from './user-answer.ts';
import { ZChangePassword, ZUpdateName } from '../../../core/contracts/user.types.ts';

/** The current user: read, rename, change password (docs/product.md §7). */
export function userRoutes(deps: TDeps): Router {
  const router = new Router();

  // docs/product.md §7: null (not an error) when signed out, so pages can ask freely.
  router.get('/user', async (ctx) => {
    const { user } = await currentUser(ctx, deps);
    ctx.set('Cache-Control', 'no-store');
    // Koa turns a null body into 204; the client expects the JSON literal null.
    ctx.type = 'json';
    ctx.body = JSON.stringify(user ? await userAnswer(deps, user) : null);
  });

  router.get('/auth/user', requireUser(deps), async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await userAnswer(deps, userOf(ctx));
  });

  router.patch('/auth/user', requireUser(deps), jsonBody(), async (ctx) => {
    const input = parseInput(ZUpdateName, bodyOf(ctx));
    const user = await updateProfile({ db: deps.db, userId: userOf(ctx).id, ...input });
    ctx.body = presentUser(user, deps.clock());
  });

  router.post('/auth/change-password', requireUser(deps), jsonBody(), async (ctx) => {
    // Each attempt checks the current password: a stolen session must not become a guessing machine.
    await consume([deps.limits.changePasswordAccount, String(userOf(ctx).id)]);
    const input = parseInput(ZChangePassword, bodyOf(ctx));
    const { sessionId } = await currentUser(ctx, deps);
    await changePassword({ db: deps.db, userId: userOf(ctx).id, keepSessionId: sessionId ?? '', now: deps.clock(), ...input });
    ctx.body = { message: 'Password updated' };
  });

  return router;
}
