import type { Context, Middleware, Next } from 'koa';
import type { User } from '../../db/models/User.ts';
import type { TDeps } from '../deps.ts';
import { sessionSecret } from '../env.ts';
import { unauthorized } from '../errors.ts';
import { createSession, destroySession, findSessionUser, SESSION_ABSOLUTE_MS } from '../services/sessions/sessions.ts';

export const SESSION_COOKIE = 'ratio_session';

export interface TAuthState {
  user: User | null;
  sessionId: string | null;
}

/**
 * The signed-in user of a request, looked up once per request from the session cookie and
 * remembered on ctx.state. A stale cookie is cleared.
 */
export async function currentUser(ctx: Context, deps: TDeps): Promise<TAuthState> {
  const cached = ctx.state.auth as TAuthState | undefined;
  if (cached) return cached;
  const token = ctx.cookies.get(SESSION_COOKIE);
  let auth: TAuthState = { user: null, sessionId: null };
  if (token && token.length < 200) {
    const found = await findSessionUser({ db: deps.db, secret: sessionSecret(deps.env), token, now: deps.clock(), cache: deps.sessionCache });
    if (found) auth = found;
    else clearSessionCookie(ctx, deps);
  }
  ctx.state.auth = auth;
  return auth;
}

/** Middleware: 401 unless signed in; the user is then at ctx.state.auth.user. */
export function requireUser(deps: TDeps): Middleware {
  return async (ctx: Context, next: Next) => {
    const { user } = await currentUser(ctx, deps);
    if (!user) throw unauthorized();
    return next();
  };
}

/** The signed-in user of a route behind requireUser. */
export function userOf(ctx: Context): User {
  const user = (ctx.state.auth as TAuthState | undefined)?.user;
  if (!user) throw unauthorized();
  return user;
}

/**
 * The options of the session cookie: httpOnly, SameSite=Lax, and Secure in production. In
 * production TLS ends at the proxy (TRUST_PROXY), so the cookie jar is told the connection is
 * secure even when a request reaches Ratio without X-Forwarded-Proto: the browser still only sends
 * a Secure cookie over HTTPS, and clearing a stale cookie never fails.
 */
function sessionCookieOptions(ctx: Context, deps: TDeps, maxAge: number) {
  const secure = deps.env.NODE_ENV === 'production';
  if (secure) ctx.cookies.secure = true;
  return { httpOnly: true, sameSite: 'lax' as const, secure, maxAge, path: '/', overwrite: true };
}

/** Sets the session cookie. */
export function setSessionCookie(ctx: Context, deps: TDeps, token: string): void {
  ctx.cookies.set(SESSION_COOKIE, token, sessionCookieOptions(ctx, deps, SESSION_ABSOLUTE_MS));
}

/** Clears the session cookie. */
export function clearSessionCookie(ctx: Context, deps: TDeps): void {
  ctx.cookies.set(SESSION_COOKIE, '', sessionCookieOptions(ctx, deps, 0));
}

/**
 * Signs a browser in as `userId`: a fresh session id at every sign-in, and any session the
 * browser held before ends.
 */
export async function startSession(ctx: Context, deps: TDeps, userId: number): Promise<void> {
  const secret = sessionSecret(deps.env);
  const old = ctx.cookies.get(SESSION_COOKIE);
  if (old) await destroySession({ db: deps.db, secret, token: old });
  const token = await createSession({ db: deps.db, secret, now: deps.clock(), userId, userAgent: ctx.get('User-Agent'), ip: ctx.ip });
  setSessionCookie(ctx, deps, token);
}
