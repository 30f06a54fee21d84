import type { Knex } from 'knex';
import { PasswordResetToken } from '../../../db/models/PasswordResetToken.ts';
import { User } from '../../../db/models/User.ts';
import { badRequest } from '../../errors.ts';
import { hashPassword } from '../../../db/password.ts';
import { hashToken } from '../../lib/tokens.ts';
import { destroyUserSessions } from '../sessions/sessions.ts';
import { revokeResetLinks } from './revoke-reset-links.ts';

const invalid = () => badRequest('invalid_token', 'This reset link is invalid or expired');

/**
 * Sets a new password with an emailed token: the token must exist, be unused and younger than one
 * hour. The token is checked before the (deliberately slow) password hash, so an invalid link costs
 * nothing. Then, in one transaction: the token is checked again under a lock, the password set,
 * every reset link of the account revoked (this one included) and every session ended.
 * Returns the account's email.
 */
export async function resetPassword(opts: { db: Knex; token: string; password: string; secret: string; now: Date }): Promise<string> {
  const tokenHash = hashToken(opts.token, opts.secret);
  const usable = (row: PasswordResetToken | undefined): row is PasswordResetToken => !!row && !row.usedAt && row.expiresAt.getTime() > opts.now.getTime();
  if (!usable(await PasswordResetToken.query(opts.db).where('tokenHash', tokenHash).first())) throw invalid();
  const passwordHash = await hashPassword(opts.password);
  return opts.db.transaction(async (trx) => {
    const row = await PasswordResetToken.query(trx).where('tokenHash', tokenHash).forUpdate().first();
    if (!usable(row)) throw invalid();
    const user = await User.query(trx).patchAndFetchById(row.userId, { passwordHash, updatedAt: opts.now });
    await revokeResetLinks(trx, row.userId, opts.now);
    await destroyUserSessions({ db: trx, userId: row.userId });
    return user.email;
  });
}
