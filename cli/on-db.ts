import type { Knex } from 'knex';
import type { TEnv } from '../api/env.ts';
import { handleError } from './handle-error.ts';
import { loadEnv } from './load-env.ts';
import { withDb } from './with-db.ts';

/**
 * The shell of every command that works on the database: reads the environment, runs `fn` on the
 * database (migrated first, always closed), and turns any failure, a bad environment included, into
 * one printed line and exit code 1.
 */
export function onDb<T>(fn: (db: Knex, env: TEnv) => Promise<T>): Promise<T> {
  return onEnv((env) => withDb(env, (db) => fn(db, env)));
}

/**
 * The shell of a command that needs the environment but opens the database itself or not at all
 * (migrate, rollback, Stripe setup): any failure, a bad environment included, is one printed line
 * and exit code 1.
 */
export async function onEnv<T>(fn: (env: TEnv) => Promise<T>): Promise<T> {
  try {
    return await fn(loadEnv());
  } catch (err) {
    return handleError(err);
  }
}
