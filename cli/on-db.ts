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
export async function onDb<T>(fn: (db: Knex, env: TEnv) => Promise<T>): Promise<T> {
  try {
    const env = loadEnv();
    return await withDb(env, (db) => fn(db, env));
  } catch (err) {
    return handleError(err);
  }
}
