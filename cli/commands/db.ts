import type { Command } from 'commander';
import type { Knex } from 'knex';
import { createDb, migrateLatest, migrateRollback } from '../../db/connection.ts';
import type { TEnv } from '../../api/env.ts';
import { handleError } from '../handle-error.ts';
import { loadEnv } from '../load-env.ts';

/** Runs one migration step on the configured database and closes it. */
async function onDatabase(env: TEnv, step: (db: Knex) => Promise<string[]>): Promise<string[]> {
  const db = createDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    return await step(db);
  } finally {
    await db.destroy();
  }
}

/** Applies pending migrations; returns their names. */
export const runDbMigrate = (env: TEnv) => onDatabase(env, migrateLatest);

/** Rolls back the last batch of migrations; returns their names. */
export const runDbRollback = (env: TEnv) => onDatabase(env, migrateRollback);

export function registerDb(program: Command): void {
  const db = program.command('db').description('database migrations');
  db.command('migrate')
    .description('apply every pending migration')
    .action(async () => {
      const applied = await runDbMigrate(loadEnv()).catch(handleError);
      console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date.');
    });
  db.command('rollback')
    .description('roll back the last batch of migrations')
    .action(async () => {
      const rolled = await runDbRollback(loadEnv()).catch(handleError);
      console.log(rolled.length ? `Rolled back: ${rolled.join(', ')}` : 'Nothing to roll back.');
    });
}
