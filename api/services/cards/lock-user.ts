import type { Knex } from 'knex';
import { User } from '../../../db/models/User.ts';

/**
 * Locks the user's row for the rest of the transaction, so that concurrent writes to one gallery
 * (two swaps, an upload and a transfer) run one after another, and returns the fresh user.
 */
export async function lockUser(trx: Knex.Transaction, userId: number): Promise<User> {
  const user = await User.query(trx).findById(userId).forUpdate();
  if (!user) throw new Error(`user ${userId} vanished`);
  return user;
}
