import net from 'node:net';
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import knexFactory from 'knex';
import { createDb } from '../../db/connection.ts';

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
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 5432) });
    socket.setTimeout(1000);
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => { socket.destroy(); resolve(false); });
  });
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
