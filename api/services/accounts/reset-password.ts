import type { Knex } from 'knex';
import { PasswordResetToken } from '../../../db/models/PasswordResetToken.ts';
import { User } from '../../../db/models/User.ts';
import { badRequest } from '../../errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { hashToken } from '../../lib/tokens.ts';
import { destroyUserSessions } from '../sessions/sessions.ts';

/**
 * Sets a new password with an emailed token: the token must exist, be unused and younger than one
 * hour. Marks it used, sets the password and ends every session of the user, in one transaction.
 */
export async function resetPassword(opts: { db: Knex; token: string; password: string; secret: string; now: Date }): Promise<void> {
  const passwordHash = await hashPassword(opts.password);
  await opts.db.transaction(async (trx) => {
    const row = await PasswordResetToken.query(trx)
      .where('tokenHash', hashToken(opts.token, opts.secret))
      .forUpdate()
      .first();
    if (!row || row.usedAt || row.expiresAt.getTime() <= opts.now.getTime()) {
      throw badRequest('invalid_token', 'This reset link is invalid or expired');
    }
    await PasswordResetToken.query(trx).patch({ usedAt: opts.now }).where('id', row.id);
    await User.query(trx).patch({ passwordHash, updatedAt: opts.now }).where('id', row.userId);
    await destroyUserSessions({ db: trx, userId: row.userId });
  });
}
