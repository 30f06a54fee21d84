import type { Command } from 'commander';
import { createDb, migrateLatest, migrateRollback } from '../../db/connection.ts';
import type { TEnv } from '../../api/env.ts';
import { handleError } from '../handle-error.ts';
import { loadEnv } from '../load-env.ts';

/** Applies pending migrations; returns their names. */
export async function runDbMigrate(env: TEnv): Promise<string[]> {
  const db = createDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    return await migrateLatest(db);
  } finally {
    await db.destroy();
  }
}

/** Rolls back the last batch of migrations; returns their names. */
export async function runDbRollback(env: TEnv): Promise<string[]> {
  const db = createDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    return await migrateRollback(db);
  } finally {
    await db.destroy();
  }
}

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
