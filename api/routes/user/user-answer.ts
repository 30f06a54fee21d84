import type { TUserView } from '../../../core/contracts/user.types.ts';
import type { User } from '../../../db/models/User.ts';
import type { TDeps } from '../../deps.ts';
import { presentUser } from '../../presenters/user.ts';
import { freshAccount } from '../../services/billing/fresh-account.ts';

/**
 * What GET /api/user answers for a signed-in user: the account re-read from billing when a renewal
 * may have happened since its facts were stored, then presented. /gallery carries the same answer
 * in its page (routes/gallery/gallery-page.ts).
 */
export async function userAnswer(deps: TDeps, user: User): Promise<TUserView> {
  const fresh = await freshAccount({
    db: deps.db,
    billing: deps.billing.provider,
    user,
    now: deps.clock(),
    onError: (err) => deps.log.warn({ err }, 'billing refresh failed'),
  });
  return presentUser(fresh, deps.clock());
}
