import type { Knex } from 'knex';
import type { TEnv } from '../api/env.ts';
import { migrateLatest, openDb } from '../db/connection.ts';

/**
 * Runs `fn` on the configured database (migrated first) and always closes it. On the embedded
 * database it goes through the running server when one owns the data directory.
 */
export async function withDb<T>(env: TEnv, fn: (db: Knex) => Promise<T>): Promise<T> {
  const { db, close } = await openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await migrateLatest(db);
    return await fn(db);
  } finally {
    await close();
  }
}
