import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Knex } from 'knex';
import knexFactory from 'knex';
import { createDb, migrateLatest } from '../../db/connection.ts';
import { portAnswers } from './process.ts';

/** Which database the API tests run on: the vitest project sets TEST_DB. */
export type TTestDbKind = 'pglite' | 'postgres';

export function testDbKind(): TTestDbKind {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/** The PostgreSQL server tests use: TEST_DATABASE_URL, DATABASE_URL, or the machine's 127.0.0.1:5432. */
export function postgresAdminUrl(): string {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
}

/** True when a PostgreSQL server answers on the configured address. */
export async function postgresReachable(): Promise<boolean> {
  const url = new URL(postgresAdminUrl());
  return portAnswers(url.hostname, Number(url.port || 5432));
}

export interface TTestDb {
  db: Knex;
  kind: TTestDbKind;
  url?: string;
  drop(): Promise<void>;
}

/**
 * A fresh, empty database for one test file: PGlite in memory, or a new PostgreSQL database that
 * drop() removes again.
 */
export async function createTestDb(kind: TTestDbKind = testDbKind()): Promise<TTestDb> {
  if (kind === 'pglite') {
    const db = createDb({ inMemory: true });
    return { db, kind, drop: () => db.destroy() };
  }
  const admin = postgresAdminUrl();
  const name = `ratio_test_${randomBytes(6).toString('hex')}`;
  const root = knexFactory({ client: 'pg', connection: admin, pool: { min: 0, max: 1 } });
  await root.raw(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const db = createDb({ databaseUrl: url.toString() });
  return {
    db,
    kind,
    url: url.toString(),
    async drop() {
      await db.destroy();
      await root.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await root.destroy();
    },
  };
}

/**
 * A PGlite database with every migration applied, dumped once per set of migrations (and PGlite
 * version) into the system's temporary folder: starting from it takes about a second, where a new
 * PGlite database takes three and its migrations more. Made by running the migrations, like any
 * other database; a changed migration file makes a new one. Found once per process (test files
 * that share a worker process share it; a Blob is read-only).
 */
let template: Promise<Blob> | undefined;
const migratedPgliteTemplate = (): Promise<Blob> => (template ??= findOrMakeTemplate());

async function findOrMakeTemplate(): Promise<Blob> {
  const dir = path.resolve(import.meta.dirname, '../../db/migrations');
  const hash = createHash('sha256');
  for (const file of (await fs.readdir(dir)).sort()) hash.update(file).update(await fs.readFile(path.join(dir, file)));
  hash.update(JSON.parse(await fs.readFile(path.resolve(import.meta.dirname, '../../node_modules/@electric-sql/pglite/package.json'), 'utf8')).version);
  const file = path.join(os.tmpdir(), `ratio-pglite-migrated-${hash.digest('hex').slice(0, 16)}.tar`);
  const saved = await fs.readFile(file).catch(() => null);
  if (saved) return new Blob([saved]);
  const db = createDb({ inMemory: true });
  await migrateLatest(db);
  const dump = await (db.client as { pglite: PGlite }).pglite.dumpDataDir('none');
  await db.destroy();
  // Written whole under another name, then renamed: a test file reading it never sees half of it.
  const partial = `${file}.${process.pid}.part`;
  await fs.writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
  await fs.rename(partial, file);
  return dump;
}

/** A new test database migrated up to and including the migration `last` (a file name without its extension). */
export async function createTestDbUpTo(last: string, kind: TTestDbKind = testDbKind()): Promise<TTestDb> {
  const testDb = await createTestDb(kind);
  for (;;) {
    const [, names] = (await testDb.db.migrate.up()) as [number, string[]];
    if (names.length === 0 || names.includes(last)) return testDb;
  }
}

/**
 * A fresh database with every migration applied, for one test file (PGlite or PostgreSQL per
 * TEST_DB): PGlite starts from the migrated template, PostgreSQL is a new database, migrated.
 */
export async function createMigratedTestDb(kind: TTestDbKind = testDbKind()): Promise<TTestDb> {
  if (kind === 'pglite') {
    const db = createDb({ inMemory: true, loadDataDir: await migratedPgliteTemplate() });
    return { db, kind, drop: () => db.destroy() };
  }
  const testDb = await createTestDb(kind);
  await migrateLatest(testDb.db);
  return testDb;
}
