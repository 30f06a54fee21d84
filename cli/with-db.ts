import type { Knex } from 'knex';
import type { TEnv } from '../api/env.ts';
import { createDb, migrateLatest } from '../db/connection.ts';

/** Runs `fn` on the configured database (migrated first) and always closes it. */
export async function withDb<T>(env: TEnv, fn: (db: Knex) => Promise<T>): Promise<T> {
  const db = createDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await migrateLatest(db);
    return await fn(db);
  } finally {
    await db.destroy();
  }
}
