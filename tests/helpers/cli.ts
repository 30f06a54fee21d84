import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { createDb, migrateLatest } from '../../db/connection.ts';
import { createTestDb, type TTestDbKind } from './db.ts';

export interface TCliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `ratio <args>` as its own process (this Node, the project's sources), as an operator would. */
export function runRatio(args: string[], env: Record<string, string>): Promise<TCliResult> {
  return new Promise((resolve) => {
    execFile(process.execPath, [path.resolve('cli/index.ts'), ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'silent', ...env },
      cwd: os.tmpdir(),
      timeout: 60_000,
    }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * A database for CLI processes: a PGlite data folder (the CLI opens it itself: the test closes its
 * own handle first) or a fresh PostgreSQL database. `open()` gives the test a migrated handle.
 */
export interface TCliDb {
  kind: TTestDbKind;
  env: Record<string, string>;
  dataDir: string;
  open(): Promise<Knex>;
  drop(): Promise<void>;
}

export async function createCliDb(kind: TTestDbKind): Promise<TCliDb> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ratio-cli-'));
  const open = async (options: { databaseUrl?: string }) => {
    const db = createDb({ databaseUrl: options.databaseUrl, dataDir });
    await migrateLatest(db);
    return db;
  };
  if (kind === 'pglite') {
    return {
      kind, dataDir, env: { DATA_DIR: dataDir }, open: () => open({}),
      drop: () => fs.rm(dataDir, { recursive: true, force: true }),
    };
  }
  const testDb = await createTestDb('postgres');
  await testDb.db.destroy();
  const url = testDb.url!;
  return {
    kind, dataDir, env: { DATA_DIR: dataDir, DATABASE_URL: url }, open: () => open({ databaseUrl: url }),
    async drop() {
      await testDb.drop().catch(() => undefined);
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
