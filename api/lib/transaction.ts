import type { Knex } from 'knex';

/** A database handle a service may be given: the app's, or a caller's open transaction. */
export type TDb = Knex | Knex.Transaction;

/**
 * Runs `fn` inside the caller's transaction when one is given (so several services commit or
 * roll back together), else in a new transaction of its own.
 */
export function inTransaction<T>(db: Knex, trx: Knex.Transaction | undefined, fn: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return trx ? fn(trx) : db.transaction(fn);
}
