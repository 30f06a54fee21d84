import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { knexSnakeCaseMappers } from 'objection';
import pg from 'pg';
import { migrationSource } from './migrations/index.ts';

// Bigint ids fit easily in a JS number for this product; return them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));

export interface TDbOptions {
  /** postgres://… uses PostgreSQL; otherwise the embedded PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; omitted with inMemory. */
  dataDir?: string | undefined;
  /** PGlite in memory (tests). */
  inMemory?: boolean;
}

/** Opens the database: PostgreSQL when a URL is given, else PGlite on disk or in memory. */
export function createDb(options: TDbOptions): Knex {
  const shared = { ...knexSnakeCaseMappers(), migrations: { migrationSource, tableName: 'knex_migrations' } };
  if (options.databaseUrl) {
    return knexFactory({ client: 'pg', connection: options.databaseUrl, pool: { min: 0, max: 10 }, ...shared });
  }
  // knex-pglite reads `filename` as its data directory; {} means in memory.
  let connection: Knex.Sqlite3ConnectionConfig | Record<string, never> = {};
  if (!options.inMemory) {
    const dir = path.resolve(options.dataDir ?? './data', 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    connection = { filename: dir };
  }
  return knexFactory({ client: ClientPgLite, dialect: 'postgres', connection: connection as Knex.StaticConnectionConfig, ...shared });
}

/** Applies every pending migration; returns their names. Idempotent. */
export async function migrateLatest(db: Knex): Promise<string[]> {
  const [, applied] = (await db.migrate.latest()) as [number, string[]];
  return applied;
}

/** Rolls back the last batch; returns the names rolled back. */
export async function migrateRollback(db: Knex): Promise<string[]> {
  const [, rolledBack] = (await db.migrate.rollback()) as [number, string[]];
  return rolledBack;
}
