import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { TDeps } from '../../deps.ts';
import { consume } from '../../middleware/rate-limit.ts';
import { currentUser, requireUser, userOf } from '../../middleware/session.ts';
import { presentUser } from '../../presenters/user.ts';
import { changePassword } from '../../services/accounts/change-password.ts';
import { updateProfile } from '../../services/accounts/update-profile.ts';
import { serve } from '../serve.ts';
import { userAnswer } from './user-answer.ts';

/** The current user: read, rename, change password (docs/product.md §7). */
export function userRoutes(deps: TDeps): Router {
  const router = new Router();
  const auth = requireUser(deps);

  // docs/product.md §7: null (not an error) when signed out, so pages can ask freely.
  serve(router, 'currentUser', {}, async (ctx) => {
    const { user } = await currentUser(ctx, deps);
    ctx.set('Cache-Control', 'no-store');
    return user ? await userAnswer(deps, user) : null;
  });

  serve(router, 'authUser', { use: [auth] }, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    return await userAnswer(deps, userOf(ctx));
  });

  serve(router, 'updateName', { use: [auth] }, async (ctx, { body }) => {
    const user = await updateProfile({ db: deps.db, userId: userOf(ctx).id, ...body });
    return presentUser(user, deps.clock());
  });

  // Each attempt checks the current password: a stolen session must not become a guessing machine.
  const allowance: Middleware = async (ctx, next) => {
    await consume([deps.limits.changePasswordAccount, String(userOf(ctx).id)]);
    return next();
  };
  serve(router, 'changePassword', { use: [auth, allowance] }, async (ctx, { body }) => {
    const { sessionId } = await currentUser(ctx, deps);
    await changePassword({ db: deps.db, userId: userOf(ctx).id, keepSessionId: sessionId ?? '', now: deps.clock(), ...body });
    return { message: 'Password updated' };
  });

  return router;
}
