import fs from 'node:fs/promises';
import type { Command } from 'commander';
import type { Knex } from 'knex';
import type { TImportAnswer } from '../../core/contracts/csv.types.ts';
import { publicUrl } from '../../api/env.ts';
import { createPsaVerifier, type PsaVerifier } from '../../api/services/analysis/psa-verify.ts';
import { findByEmail } from '../../api/services/accounts/set-account-flag.ts';
import { exportCards } from '../../api/services/cards/export-cards.ts';
import { importCards, previewImport } from '../../api/services/cards/import-cards.ts';
import { handleError } from '../handle-error.ts';
import { loadEnv } from '../load-env.ts';
import { printJson } from '../output.ts';
import { withDb } from '../with-db.ts';
import { formatCount } from '../../core/format.ts';

/** The CSV export of one user's cards (the file GET /api/cards/export.csv sends). */
export async function runCardsExport(db: Knex, options: { email: string; baseUrl: string }): Promise<string> {
  return exportCards({ db, user: await findByEmail(db, options.email), baseUrl: options.baseUrl });
}

/**
 * Imports a CSV file into one user's gallery with the API's rules: a dry run answers the preview;
 * otherwise all rows or none (row errors throw, listing them).
 */
export async function runCardsImport(db: Knex, options: { email: string; csv: string; dryRun?: boolean | undefined; now?: Date; psa?: PsaVerifier | null }): Promise<TImportAnswer> {
  const user = await findByEmail(db, options.email);
  const now = options.now ?? new Date();
  const look = await previewImport({ db, user, now, csv: options.csv, psa: options.dryRun ? options.psa : null });
  if (options.dryRun || look.errorCount > 0) return look;
  return importCards({ db, user, now, csv: options.csv });
}

/** The preview or result as lines for the terminal. */
export function describeImport(a: TImportAnswer, dryRun: boolean): string[] {
  const n = (count: number, word: string) => `${formatCount(count)} ${word}${count === 1 ? '' : 's'}`;
  const lines = [`${n(a.rows, 'row')} read (${a.format === 'psa' ? 'PSA-style export' : 'Ratio export'}).`];
  if (a.errorCount > 0) {
    lines.push(`${a.errorCount} row${a.errorCount === 1 ? ' has an error' : 's have errors'}: nothing was imported.`);
    for (const e of a.errors) lines.push(`  line ${e.line}: ${e.message}`);
    if (a.errorCount > a.errors.length) lines.push(`  … and ${a.errorCount - a.errors.length} more`);
  } else if (dryRun) {
    lines.push(`${n(a.cardCount, 'card')} would be added (dry run; nothing written).`);
    for (const c of a.cards.filter((card) => card.psa)) {
      const psa = c.psa!;
      lines.push(`  line ${c.line}: cert #${c.certNumber} ${psa.status === 'verified' ? `verified at PSA (${[psa.subject, psa.grade].filter(Boolean).join(', ')})` : psa.status === 'not_found' ? 'not found at PSA' : 'not checked: PSA did not answer'}`);
    }
  } else {
    lines.push(`${n(a.imported, 'card')} added.`);
  }
  return lines;
}

export function registerCards(program: Command): void {
  const cards = program.command('cards').description("a user's cards: CSV export and import");
  cards.command('export <email>')
    .description("write a user's cards as CSV (to stdout, or --output)")
    .option('-o, --output <file>', 'write to this file instead of stdout')
    .action(async (email: string, opts: { output?: string }) => {
      const env = loadEnv();
      const csv = await withDb(env, (db) => runCardsExport(db, { email, baseUrl: publicUrl(env) })).catch(handleError);
      if (opts.output) await fs.writeFile(opts.output, csv).catch(handleError);
      else process.stdout.write(csv);
    });
  cards.command('import <email> <file>')
    .description('add the cards of a CSV file (Ratio export or PSA-style) to a user\'s gallery, all or nothing')
    .option('--dry-run', 'only show what would be added and every row error (and, with PSA_API_TOKEN, what PSA says of each cert)')
    .option('--json', 'print the result as JSON')
    .action(async (email: string, file: string, opts: { dryRun?: boolean; json?: boolean }) => {
      const csv = await fs.readFile(file, 'utf8').catch(handleError);
      const env = loadEnv();
      const psa = env.PSA_API_TOKEN ? createPsaVerifier({ token: env.PSA_API_TOKEN, baseUrl: env.PSA_API_BASE_URL }) : null;
      const result = await withDb(env, (db) => runCardsImport(db, { email, csv, dryRun: opts.dryRun, psa })).catch(handleError);
      if (opts.json) printJson(result);
      else for (const l of describeImport(result, Boolean(opts.dryRun))) console.log(l);
      if (result.errorCount > 0) process.exitCode = 1;
    });
}
