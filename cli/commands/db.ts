import type { Command } from 'commander';
import type { Knex } from 'knex';
import { migrateLatest, migrateRollback, openDb } from '../../db/connection.ts';
import type { TEnv } from '../../api/env.ts';
import { z } from 'zod';
import { tablesDroppedBy } from '../../db/migrations/index.ts';
import { DEMO_PASSWORD, seedDemo } from '../../db/seeds/demo.ts';
import { printJson } from '../output.ts';
import { progressBar } from '../progress.ts';
import { onDb, onEnv } from '../on-db.ts';

/** Runs one migration step on the configured database and closes it. */
async function onDatabase(env: TEnv, step: (db: Knex) => Promise<string[]>): Promise<string[]> {
  const { db, close } = await openDb({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    return await step(db);
  } finally {
    await close();
  }
}

/** Applies pending migrations; returns their names. */
export const runDbMigrate = (env: TEnv) => onDatabase(env, migrateLatest);

/** The migrations of the last batch, newest first (what a rollback undoes). */
async function lastBatch(db: Knex): Promise<string[]> {
  if (!(await db.schema.hasTable('knex_migrations'))) return [];
  const rows = (await db('knex_migrations').select('name').whereRaw('batch = (SELECT max(batch) FROM knex_migrations)').orderBy('id', 'desc')) as Array<{
    name: string;
  }>;
  return rows.map((r) => r.name);
}

/**
 * Rolls back the last batch of migrations; returns their names. Refuses, naming the tables and
 * their rows, when that would drop tables that hold rows, unless `yes`.
 */
export const runDbRollback = (env: TEnv, options: { yes?: boolean | undefined } = {}) =>
  onDatabase(env, async (db) => {
    if (!options.yes) {
      const full: string[] = [];
      for (const table of tablesDroppedBy(await lastBatch(db))) {
        if (!(await db.schema.hasTable(table))) continue;
        const row = (await db(table).count('* as n').first()) as { n: string | number } | undefined;
        const n = Number(row?.n ?? 0);
        if (n) full.push(`${table} (${n} row${n === 1 ? '' : 's'})`);
      }
      if (full.length) throw new Error(`rollback would drop ${full.join(', ')}: run again with --yes to drop them`);
    }
    return migrateRollback(db);
  });

const ZSeed = z.object({
  users: z.coerce
    .number('--users must be a number')
    .int('--users must be a whole number')
    .min(1, '--users must be at least 1')
    .max(1_000_000, '--users must be at most 1,000,000'),
});

/** Adds demo accounts with cards (db/seeds/demo.ts): idempotent, keyed by email. */
export async function runDbSeed(db: Knex, options: { users?: string | number | undefined; quiet?: boolean | undefined }, now = new Date()) {
  const { users } = ZSeed.parse({ users: options.users ?? 60 });
  const bar = progressBar('Seeding', options.quiet ? null : process.stdout);
  try {
    return await seedDemo({ db, count: users, now, onProgress: (d, t) => bar.update(d, t) });
  } finally {
    bar.finish();
  }
}

export function registerDb(program: Command): void {
  const db = program.command('db').description('database: migrations and demo data');
  db.command('migrate')
    .description('apply every pending migration')
    .option('--json', 'print the applied migrations as JSON')
    .action(async (opts: { json?: boolean }) => {
      const applied = await onEnv(runDbMigrate);
      if (opts.json) printJson({ applied });
      else console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date.');
    });
  db.command('rollback')
    .description('roll back the last batch of migrations (asks for --yes before dropping tables that hold rows)')
    .option('--yes', 'drop tables even when they hold rows')
    .option('--json', 'print the rolled-back migrations as JSON')
    .action(async (opts: { yes?: boolean; json?: boolean }) => {
      const rolled = await onEnv((env) => runDbRollback(env, opts));
      if (opts.json) printJson({ rolledBack: rolled });
      else console.log(rolled.length ? `Rolled back: ${rolled.join(', ')}` : 'Nothing to roll back.');
    });
  db.command('seed')
    .description(`add demo accounts in every state, with cards (demo-<n>@ratio.local, password ${DEMO_PASSWORD}); idempotent`)
    .option('--users <count>', 'how many demo accounts', '60')
    .option('--json', 'print what was added as JSON')
    .action(async (opts: { users: string; json?: boolean }) => {
      ZSeed.parse({ users: opts.users }); // before opening the database: bad input fails at once
      const added = await onDb((d) => runDbSeed(d, { users: opts.users, quiet: opts.json }));
      if (opts.json) printJson(added);
      else console.log(`Added ${added.users} demo account(s) and ${added.cards} card(s). Sign in as ${'demo-1@ratio.local'} with password ${DEMO_PASSWORD}.`);
    });
}
