import type { Knex } from 'knex';
import { User } from '../../../db/models/User.ts';

/**
 * Locks the user's row for the rest of the transaction, so that concurrent writes to one account
 * (two swaps, an upload and a transfer, a trial start and a billing sync) run one after another,
 * and bumps the user's gallery version, so cached reads of the gallery (gallery-cache.ts) see the
 * change once it commits and never if it rolls back. Every write to card_slots goes through a
 * transaction that calls this.
 */
export async function lockUser(trx: Knex.Transaction, userId: number): Promise<User> {
  const rows = await User.query(trx).increment('galleryVersion', 1).where('id', userId).returning('*');
  const user = (rows as unknown as User[])[0];
  if (!user) throw new Error(`user ${userId} vanished`);
  return user;
}

/**
 * Locks the user's row for the rest of the transaction without touching the gallery (account and
 * billing writes); undefined when there is no such user.
 */
export async function lockAccount(trx: Knex.Transaction, userId: number): Promise<User | undefined> {
  return User.query(trx).findById(userId).forUpdate();
}
