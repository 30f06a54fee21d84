import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import knexFactory, { type Knex } from 'knex';
import ClientPgLite from 'knex-pglite';
import { knexSnakeCaseMappers } from 'objection';
import pg from 'pg';
import { DataDirBusyError, readHolder, type TLockHolder } from './embedded/lock.ts';
import { ownEmbedded, takeEarlyOwner, type OwnerNotifications, type TServedAt } from './embedded/owner.ts';
import { DatabaseUrlError, databaseProblem } from './database-url-error.ts';

// Bigint ids fit easily in a JS number for this product; return them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v: string) => Number(v));

export { DataDirBusyError, DatabaseUrlError };

export interface TDbOptions {
  /** postgres://… uses PostgreSQL; otherwise the embedded PGlite. */
  databaseUrl?: string | undefined;
  /** The data directory (PGlite lives in `<dataDir>/pglite`); omitted with inMemory. */
  dataDir?: string | undefined;
  /** PGlite in memory, in this process (tests). */
  inMemory?: boolean;
}

/**
 * The migrations (db/migrations/index.ts), loaded when knex first asks for them: a command on a
 * database that is already current never loads their code (see migrateLatest).
 */
const migrations = () => import('./migrations/index.ts').then((m) => m.migrationSource);
const lazyMigrationSource: Knex.MigrationSource<string> = {
  getMigrations: async (loadExtensions) => (await migrations()).getMigrations(loadExtensions),
  getMigrationName: (name) => name,
  getMigration: async (name) => (await migrations()).getMigration(name),
};

const shared = () => ({ ...knexSnakeCaseMappers(), migrations: { migrationSource: lazyMigrationSource, tableName: 'knex_migrations' } });

/**
 * PostgreSQL at a URL, or PGlite in memory in this process (tests), empty or started from a dump of
 * another PGlite database (`PGlite.dumpDataDir()`): both open synchronously.
 */
export function createDb(options: { databaseUrl: string } | { inMemory: true; loadDataDir?: Blob }): Knex {
  if ('databaseUrl' in options) {
    return knexFactory({ client: 'pg', connection: options.databaseUrl, pool: { min: 0, max: 10 }, log: quietConnectErrors, ...shared() });
  }
  // knex-pglite: {} as its connection means a new database in memory; { pglite } uses that instance.
  const connection = options.loadDataDir ? { pglite: new PGlite({ loadDataDir: options.loadDataDir }) } : {};
  return knexFactory({ client: ClientPgLite, dialect: 'postgres', connection: connection as Knex.StaticConnectionConfig, ...shared() });
}

/** An open database: the knex handle, and what closes it together with everything it owns. */
export interface TOpenDb {
  db: Knex;
  /** Closes the connections; on the embedded database's owner, the database too, freeing the directory. */
  close(): Promise<void>;
  /**
   * On the embedded database's owner: hears every cache notification any client of the database
   * commits (db/embedded/owner.ts). Undefined for other databases.
   */
  notifications?: OwnerNotifications;
}

const closedByKnex = (db: Knex): TOpenDb => ({ db, close: () => db.destroy() });

/**
 * Opens the configured database. PostgreSQL with a URL. Otherwise the PGlite data directory, which
 * has one owner process: PGlite runs in the owner's worker thread and is served over PostgreSQL's
 * wire protocol (db/embedded/), and every process, the owner included, reaches it with the same
 * `pg` driver as PostgreSQL. When another live process owns the directory this connects through
 * its socket, unless `owner: true` (the server), which refuses with DataDirBusyError. With no
 * owner, this process becomes it; `close()` then closes the database and frees the directory.
 */
export async function openDb(options: TDbOptions & { owner?: boolean }): Promise<TOpenDb> {
  if (options.databaseUrl) {
    const db = createDb({ databaseUrl: options.databaseUrl });
    // One round trip now, so a wrong DATABASE_URL fails here, in one line that says what to check.
    await db.raw('select 1').catch(async (err: unknown) => {
      await db.destroy();
      throw new DatabaseUrlError(databaseProblem(err, options.databaseUrl!));
    });
    return closedByKnex(db);
  }
  if (options.inMemory) return closedByKnex(createDb({ inMemory: true }));
  const dataDir = path.resolve(options.dataDir ?? './data');
  // Already being opened by this process (`npm start`: db/embedded/owner.ts ownEmbeddedEarly).
  const begun = options.owner ? takeEarlyOwner(dataDir) : undefined;
  if (!begun) {
    const holder = await servingHolder(dataDir);
    if (holder) {
      if (options.owner || !holder.host) throw new DataDirBusyError(dataDir, holder);
      return closedByKnex(embeddedClient({ host: holder.host!, port: holder.port! }));
    }
  }
  const owned = await (begun ?? ownEmbedded(dataDir));
  const db = embeddedClient(owned);
  return {
    db,
    notifications: owned.notifications,
    async close() {
      await db.destroy();
      await owned.close();
    },
  };
}

/**
 * knex logs each failed connection attempt with its stack before the caller gets the error; the
 * caller reports that error itself (DatabaseUrlError at start, the request's error otherwise), so
 * that one warning is dropped and every other goes to stderr as knex would print it.
 */
const quietConnectErrors = {
  warn: (message: string) => {
    if (!String(message).startsWith('Acquire connection error')) console.warn(message);
  },
  error: (message: string) => console.error(message),
  deprecate: (method: string, alternative: string) => console.warn(`${method} is deprecated, please use ${alternative}`),
  debug: (message: string) => console.debug(message),
};

/**
 * pg connections to PGlite served over a socket. PGlite has one session, which the owner's session
 * gate hands to one connection at a time (until it is idle outside a transaction); a few
 * connections let the next queries wait in the owner's thread instead of a round trip away.
 */
function embeddedClient(at: TServedAt): Knex {
  return knexFactory({
    client: 'pg',
    connection: { host: at.host, port: at.port, user: 'postgres', database: 'postgres' },
    pool: { min: 0, max: 4 },
    ...shared(),
  });
}

/** The live owner of the directory once it serves (waits while it is still opening), or null. */
async function servingHolder(dataDir: string): Promise<TLockHolder | null> {
  for (let waited = 0; ; waited += 100) {
    const holder = readHolder(dataDir);
    if (!holder || holder.host || waited >= 60_000) return holder;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The advisory lock key that migrations run under (any constant the app uses for nothing else). */
const MIGRATION_LOCK_KEY = 7_236_115_029;

/**
 * Runs `work` holding a PostgreSQL session advisory lock on a connection of its own, so processes
 * that start together on one fresh database (`ratio serve --workers N`, two replicas) migrate one
 * after the other: knex's own lock table is created by the migration run itself, so two first runs
 * would both try to create it. PGlite in this process has one connection and no rival.
 */
async function underMigrationLock<T>(db: Knex, work: () => Promise<T>): Promise<T> {
  if (db.client.config.client !== 'pg') return work();
  const connection: unknown = await db.client.acquireConnection();
  try {
    await db.raw('select pg_advisory_lock(?)', [MIGRATION_LOCK_KEY]).connection(connection);
    try {
      return await work();
    } finally {
      await db.raw('select pg_advisory_unlock(?)', [MIGRATION_LOCK_KEY]).connection(connection);
    }
  } finally {
    await db.client.releaseConnection(connection);
  }
}

/** Applies every pending migration; returns their names. Idempotent, and safe from several processes at once. */
export async function migrateLatest(db: Knex): Promise<string[]> {
  if (await migrationsCurrent(db)) return [];
  const [, applied] = (await underMigrationLock(db, () => db.migrate.latest())) as [number, string[]];
  return applied;
}

/** Rolls back the last batch; returns the names rolled back. */
export async function migrateRollback(db: Knex): Promise<string[]> {
  const [, rolledBack] = (await underMigrationLock(db, () => db.migrate.rollback())) as [number, string[]];
  return rolledBack;
}

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * True when every migration file in db/migrations/ is recorded as applied: one query, without
 * loading the migrations or knex's migrator (most commands, and every start but the first, find the
 * database current). False on any doubt (no table yet, a file not applied): knex then decides.
 */
async function migrationsCurrent(db: Knex): Promise<boolean> {
  let files: string[];
  try {
    files = fs
      .readdirSync(MIGRATIONS_DIR)
      .filter((f) => /^\d{14}_\w+\.ts$/.test(f))
      .map((f) => f.slice(0, -3));
  } catch {
    return false; // bundled: no folder to read
  }
  if (!files.length) return false;
  try {
    const { rows } = await db.raw<{ rows: { name: string }[] }>('select name from knex_migrations');
    const applied = new Set(rows.map((row) => row.name));
    return files.every((f) => applied.has(f));
  } catch {
    return false;
  }
}
