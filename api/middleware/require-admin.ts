import type { Context, Middleware, Next } from 'koa';
import { isAdmin } from '../../core/account.ts';
import type { TDeps } from '../deps.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { currentUser } from './session.ts';

/** docs/product.md §8 Admin: the words of the 'Access Denied' screen. */
export const ADMIN_REQUIRED = 'Admin access required to view this dashboard.';

/** Middleware: 401 when signed out, 403 admin_required unless an admin (docs/choices.md 7). */
export function requireAdmin(deps: TDeps): Middleware {
  return async (ctx: Context, next: Next) => {
    const { user } = await currentUser(ctx, deps);
    if (!user) throw unauthorized();
    if (!isAdmin(user)) throw forbidden(ADMIN_REQUIRED, 'admin_required');
    return next();
  };
}
