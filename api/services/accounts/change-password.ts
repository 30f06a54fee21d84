import type { Knex } from 'knex';
import { User } from '../../../db/models/User.ts';
import { badRequest, unauthorized } from '../../errors.ts';
import { hashPassword, verifyPassword } from '../../../db/password.ts';
import { Session } from '../../../db/models/Session.ts';
import { revokeResetLinks } from './revoke-reset-links.ts';

/**
 * Changes a password after checking the current one, ends every other session of the user (the
 * session making the change stays signed in) and revokes every outstanding reset link. One transaction.
 */
export async function changePassword(opts: {
  db: Knex;
  userId: number;
  keepSessionId: string;
  currentPassword: string;
  newPassword: string;
  now: Date;
}): Promise<void> {
  const user = await User.query(opts.db).findById(opts.userId);
  if (!user) throw unauthorized();
  if (!(await verifyPassword(opts.currentPassword, user.passwordHash))) {
    throw badRequest('invalid_password', 'Current password is incorrect');
  }
  const passwordHash = await hashPassword(opts.newPassword);
  await opts.db.transaction(async (trx) => {
    await User.query(trx).patch({ passwordHash, updatedAt: opts.now }).where('id', opts.userId);
    await Session.query(trx).delete().where('userId', opts.userId).whereNot('id', opts.keepSessionId);
    await revokeResetLinks(trx, opts.userId, opts.now);
  });
}
