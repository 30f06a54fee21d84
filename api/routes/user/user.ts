import Router, { type RouterContext } from '@koa/router';
import type { TDeps } from '../../deps.ts';
import { bodyOf, jsonBody, parseInput } from '../../middleware/body.ts';
import { currentUser, requireUser, userOf } from '../../middleware/session.ts';
import { presentUser } from '../../presenters/user.ts';
import { changePassword } from '../../services/accounts/change-password.ts';
import { updateProfile } from '../../services/accounts/update-profile.ts';
import { ZChangePassword, ZUpdateName } from '../auth/schema.ts';

/** The current user: read, rename, change password (spec §7). */
export function userRoutes(deps: TDeps): Router {
  const router = new Router();
  const present = (ctx: RouterContext) => presentUser(userOf(ctx), deps.clock(), deps.env.ADMIN_EMAILS);

  // Spec §7: null (not an error) when signed out, so pages can ask freely.
  router.get('/user', async (ctx) => {
    const { user } = await currentUser(ctx, deps);
    ctx.set('Cache-Control', 'no-store');
    // Koa turns a null body into 204; the client expects the JSON literal null.
    ctx.type = 'json';
    ctx.body = JSON.stringify(user ? presentUser(user, deps.clock(), deps.env.ADMIN_EMAILS) : null);
  });

  router.get('/auth/user', requireUser(deps), (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = present(ctx);
  });

  router.patch('/auth/user', requireUser(deps), jsonBody(), async (ctx) => {
    const input = parseInput(ZUpdateName, bodyOf(ctx));
    const user = await updateProfile({ db: deps.db, userId: userOf(ctx).id, ...input });
    ctx.body = presentUser(user, deps.clock(), deps.env.ADMIN_EMAILS);
  });

  router.post('/auth/change-password', requireUser(deps), jsonBody(), async (ctx) => {
    const input = parseInput(ZChangePassword, bodyOf(ctx));
    const { sessionId } = await currentUser(ctx, deps);
    await changePassword({ db: deps.db, userId: userOf(ctx).id, keepSessionId: sessionId ?? '', ...input });
    ctx.body = { message: 'Password updated' };
  });

  return router;
}
