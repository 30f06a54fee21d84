import Router from '@koa/router';
import type { TDeps } from '../../deps.ts';
import { publicUrl, sessionSecret } from '../../env.ts';
import { clearLoginFailures, loginGuard } from '../../middleware/login-guard.ts';
import { consume, limitByIp } from '../../middleware/rate-limit.ts';
import { clearSessionCookie, currentUser, SESSION_COOKIE, startSession } from '../../middleware/session.ts';
import { presentUser } from '../../presenters/user.ts';
import { signUp } from '../../services/accounts/sign-up.ts';
import { startPasswordReset } from '../../services/accounts/request-password-reset.ts';
import { resetPassword } from '../../services/accounts/reset-password.ts';
import { verifyCredentials } from '../../services/accounts/verify-credentials.ts';
import { destroySession } from '../../services/sessions/sessions.ts';
import type { TAccountAnswer } from '../../../core/contracts/auth.types.ts';
import { serve } from '../serve.ts';

/** Sign-up, sign-in, sign-out and password reset (docs/product.md §7). */
export function authRoutes(deps: TDeps): Router {
  const router = new Router();
  const secret = sessionSecret(deps.env);

  // Up to 3 anonymous cards may come along, their photos as data URLs of ≤ 800 px JPEGs (docs/product.md §5).
  serve(router, 'register', { use: [limitByIp(deps.limits.registerIp)], json: '4mb' }, async (ctx, { body: input }) => {
    const { user, cardsMoved } = await signUp({
      db: deps.db,
      images: deps.images,
      log: deps.log,
      now: deps.clock(),
      input,
      startTrial: input.startTrial,
      cards: input.collectionData,
    });
    await startSession(ctx, deps, user.id);
    deps.log.info({ userId: user.id, trial: Boolean(input.startTrial) }, 'user registered');
    ctx.status = 201;
    const answer: TAccountAnswer = { ...presentUser(user, deps.clock()), ...(cardsMoved ? { cardsMoved } : {}) };
    return answer;
  });

  serve(router, 'login', { use: [limitByIp(deps.limits.loginIp)] }, async (ctx, { body: input }) => {
    const guard = loginGuard(deps.limits, input.email, ctx.ip);
    await guard.check();
    const user = await verifyCredentials({ db: deps.db, email: input.email, password: input.password }).catch(async (err: unknown) => {
      await guard.failed();
      throw err;
    });
    await guard.succeeded();
    await startSession(ctx, deps, user.id);
    return presentUser(user, deps.clock());
  });

  // docs/choices.md 8: sign-in is email and password, on /auth.
  serve(router, 'loginPage', {}, (ctx) => ctx.redirect('/auth'));

  serve(router, 'logout', {}, async (ctx) => {
    const token = ctx.cookies.get(SESSION_COOKIE);
    if (token) await destroySession({ db: deps.db, secret, token });
    clearSessionCookie(ctx, deps);
    return { ok: true };
  });

  serve(router, 'forgotPassword', { use: [limitByIp(deps.limits.forgotIp)] }, async (ctx, { body: input }) => {
    await consume([deps.limits.forgotAccount, input.email.toLowerCase()]);
    // Not awaited: the answer must not tell, by its time, whether the address has an account.
    const answered = new Promise((resolve) => {
      ctx.res.once('finish', resolve);
      ctx.res.once('close', resolve);
    });
    startPasswordReset(
      {
        db: deps.db,
        mailer: deps.mailer,
        log: deps.log,
        email: input.email,
        secret,
        baseUrl: publicUrl(deps.env),
        now: deps.clock(),
      },
      answered,
    );
    return { message: 'If an account exists for that email, a reset link is on its way. It expires in 1 hour.' };
  });

  serve(router, 'resetPassword', { use: [limitByIp(deps.limits.resetIp)] }, async (ctx, { body: input }) => {
    const email = await resetPassword({ db: deps.db, token: input.token, password: input.password, secret, now: deps.clock() });
    await clearLoginFailures(deps.limits, email);
    // The reset ended every session, including this browser's if it had one.
    if ((await currentUser(ctx, deps)).user) clearSessionCookie(ctx, deps);
    return { message: 'Your password has been reset. You can now sign in.' };
  });

  return router;
}
