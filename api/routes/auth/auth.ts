import Router, { type RouterContext } from '@koa/router';
import type { TDeps } from '../../deps.ts';
import { publicUrl, sessionSecret } from '../../env.ts';
import { bodyOf, jsonBody, parseInput } from '../../middleware/body.ts';
import { consume } from '../../middleware/rate-limit.ts';
import { clearSessionCookie, currentUser, SESSION_COOKIE, setSessionCookie } from '../../middleware/session.ts';
import { presentUser } from '../../presenters/user.ts';
import { registerUser } from '../../services/accounts/register-user.ts';
import { requestPasswordReset } from '../../services/accounts/request-password-reset.ts';
import { resetPassword } from '../../services/accounts/reset-password.ts';
import { verifyCredentials } from '../../services/accounts/verify-credentials.ts';
import { createSession, destroySession } from '../../services/sessions/sessions.ts';
import { ZForgotPassword, ZLogin, ZRegister, ZResetPassword } from './schema.ts';

/** Sign-up, sign-in, sign-out and password reset (spec §7). */
export function authRoutes(deps: TDeps): Router {
  const router = new Router();
  const secret = sessionSecret(deps.env);

  const startSession = async (ctx: RouterContext, userId: number) => {
    // A fresh session id at every sign-in; any session the browser held before ends.
    const old = ctx.cookies.get(SESSION_COOKIE);
    if (old) await destroySession({ db: deps.db, secret, token: old });
    const token = await createSession({ db: deps.db, secret, now: deps.clock(), userId, userAgent: ctx.get('User-Agent'), ip: ctx.ip });
    setSessionCookie(ctx, deps, token);
  };

  router.post('/register', jsonBody(), async (ctx) => {
    const input = parseInput(ZRegister, bodyOf(ctx));
    await consume([deps.limits.registerIp, ctx.ip]);
    const user = await registerUser({ db: deps.db, input, adminEmails: deps.env.ADMIN_EMAILS });
    await startSession(ctx, user.id);
    deps.log.info({ userId: user.id }, 'user registered');
    ctx.status = 201;
    ctx.body = presentUser(user, deps.clock(), deps.env.ADMIN_EMAILS);
  });

  router.post('/login', jsonBody(), async (ctx) => {
    const input = parseInput(ZLogin, bodyOf(ctx));
    const account = input.email.toLowerCase();
    await consume([deps.limits.loginIp, ctx.ip], [deps.limits.loginAccount, account]);
    const user = await verifyCredentials({ db: deps.db, email: input.email, password: input.password });
    await deps.limits.loginAccount.delete(account);
    await startSession(ctx, user.id);
    ctx.body = presentUser(user, deps.clock(), deps.env.ADMIN_EMAILS);
  });

  // decisions.md 8: sign-in is email and password, on /auth.
  router.get('/login', (ctx) => ctx.redirect('/auth'));

  router.post('/logout', async (ctx) => {
    const token = ctx.cookies.get(SESSION_COOKIE);
    if (token) await destroySession({ db: deps.db, secret, token });
    clearSessionCookie(ctx, deps);
    ctx.body = { ok: true };
  });

  router.post('/forgot-password', jsonBody(), async (ctx) => {
    const input = parseInput(ZForgotPassword, bodyOf(ctx));
    await consume([deps.limits.forgotIp, ctx.ip], [deps.limits.forgotAccount, input.email.toLowerCase()]);
    await requestPasswordReset({
      db: deps.db, mailer: deps.mailer, log: deps.log, email: input.email, secret, baseUrl: publicUrl(deps.env), now: deps.clock(),
    });
    ctx.body = { message: 'If an account exists for that email, a reset link is on its way. It expires in 1 hour.' };
  });

  router.post('/reset-password', jsonBody(), async (ctx) => {
    const input = parseInput(ZResetPassword, bodyOf(ctx));
    await resetPassword({ db: deps.db, token: input.token, password: input.password, secret, now: deps.clock() });
    // The reset ended every session, including this browser's if it had one.
    if ((await currentUser(ctx, deps)).user) clearSessionCookie(ctx, deps);
    ctx.body = { message: 'Your password has been reset. You can now sign in.' };
  });

  return router;
}
