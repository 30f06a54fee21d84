import type { Context, Middleware, Next } from 'koa';
import type { User } from '../../db/models/User.ts';
import type { TDeps } from '../deps.ts';
import { sessionSecret } from '../env.ts';
import { unauthorized } from '../errors.ts';
import { findSessionUser, SESSION_ABSOLUTE_MS } from '../services/sessions/sessions.ts';

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

/** Sets the session cookie: httpOnly, SameSite=Lax, Secure in production. */
export function setSessionCookie(ctx: Context, deps: TDeps, token: string): void {
  ctx.cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: deps.env.NODE_ENV === 'production',
    maxAge: SESSION_ABSOLUTE_MS,
    path: '/',
    overwrite: true,
  });
}

export function clearSessionCookie(ctx: Context, deps: TDeps): void {
  ctx.cookies.set(SESSION_COOKIE, '', {
    httpOnly: true, sameSite: 'lax', secure: deps.env.NODE_ENV === 'production', maxAge: 0, path: '/', overwrite: true,
  });
}
