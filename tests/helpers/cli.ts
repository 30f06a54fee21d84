import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { parseEnv } from '../../api/env.ts';
import { withDb } from '../../cli/with-db.ts';
import { createTestDb, type TTestDbKind } from './db.ts';

export interface TCliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `ratio <args>` as its own process (this Node, the project's sources), as an operator would. */
export function runRatio(args: string[], env: Record<string, string>): Promise<TCliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.resolve('cli/index.ts'), ...args],
      {
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'silent', ...env },
        cwd: os.tmpdir(),
        timeout: 200_000, // a killed command reads as a failure: on a loaded 2-core machine one has taken over 60 s
      },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/**
 * A database for CLI processes: a PGlite data folder or a fresh PostgreSQL database. `use(fn)`
 * opens it for the test the way the CLI does (cli/with-db.ts, migrated) and closes it after, so
 * the next `ratio` process finds the embedded database free.
 */
export interface TCliDb {
  kind: TTestDbKind;
  env: Record<string, string>;
  dataDir: string;
  use<T>(fn: (db: Knex) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
}

export async function createCliDb(kind: TTestDbKind): Promise<TCliDb> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ratio-cli-'));
  const use =
    (env: Record<string, string>) =>
    <T>(fn: (db: Knex) => Promise<T>) =>
      withDb(parseEnv({ LOG_LEVEL: 'silent', ...env }), fn);
  if (kind === 'pglite') {
    const env = { DATA_DIR: dataDir };
    return {
      kind,
      dataDir,
      env,
      use: use(env),
      drop: () => fs.rm(dataDir, { recursive: true, force: true }),
    };
  }
  const testDb = await createTestDb('postgres');
  await testDb.db.destroy();
  const env = { DATA_DIR: dataDir, DATABASE_URL: testDb.url! };
  return {
    kind,
    dataDir,
    env,
    use: use(env),
    async drop() {
      await testDb.drop().catch(() => undefined);
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
