import fs from 'node:fs/promises';
import type { Command } from 'commander';
import type { Knex } from 'knex';
import { z } from 'zod';
import { EXPORT_LAYOUTS, MAP_FIELDS, type TExportLayout, type TImportAnswer } from '../../core/contracts/csv.types.ts';
import type { TColumnMapping } from '../../core/csv/layouts/mapped.ts';
import { publicUrl, type TEnv } from '../../api/env.ts';
import { runningServerUrl } from '../../api/server-address.ts';
import { createPsaVerifier, type PsaVerifier } from '../../api/services/analysis/psa-verify.ts';
import { findByEmail } from '../../api/services/accounts/set-account-flag.ts';
import { exportCards } from '../../api/services/cards/export-cards.ts';
import { presentSlot } from '../../api/presenters/card.ts';
import { importCards, previewImport } from '../../api/services/cards/import-cards.ts';
import { handleError } from '../handle-error.ts';
import { printJson } from '../output.ts';
import { onDb } from '../on-db.ts';
import { formatCount } from '../../core/format.ts';
import type { TCertBatchView } from '../../core/contracts/intake.types.ts';
import { createCertQueue } from '../../api/services/intake/cert-queue.ts';
import { createPsa } from '../../api/services/intake/create-intake.ts';
import type { PsaClient } from '../../api/services/intake/psa-client.ts';
import type { ImageStore } from '../../api/services/images/image-store.ts';
import { createImageStore } from '../../api/services/images/create-image-store.ts';
import { viewerSizesSettled } from '../../api/services/images/viewer-size.ts';
import { createLogger } from '../../api/logger.ts';
import { progressBar } from '../progress.ts';

/**
 * The address image links in an export point at: PUBLIC_URL when set (as the server's own export
 * does), else the server running on this DATA_DIR (whatever port it took), else localhost:PORT.
 */
export function exportBaseUrl(env: TEnv): string {
  return env.PUBLIC_URL ? publicUrl(env) : (runningServerUrl(env.DATA_DIR) ?? publicUrl(env));
}

/** The CSV export of one user's cards in a layout (the file GET /api/cards/export.csv?layout=… sends). */
export async function runCardsExport(db: Knex, options: { email: string; baseUrl: string; layout?: TExportLayout | undefined }): Promise<string> {
  return exportCards({
    db,
    user: await findByEmail(db, options.email),
    baseUrl: options.baseUrl,
    present: presentSlot,
    ...(options.layout ? { layout: options.layout } : {}),
  });
}

/** `--map player=Name --map year=Yr` as a column mapping; refuses a field Ratio does not know. */
export function readMapOptions(pairs: readonly string[]): TColumnMapping | undefined {
  if (pairs.length === 0) return undefined;
  const mapping: TColumnMapping = {};
  const field = z.enum(MAP_FIELDS, `a field is one of ${MAP_FIELDS.join(', ')}`);
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at < 1) throw new Error(`--map takes field=Column, e.g. subject=Player (got '${pair}')`);
    mapping[field.parse(pair.slice(0, at).trim())] = pair.slice(at + 1).trim();
  }
  return mapping;
}

/**
 * Imports a CSV file (any layout the gallery's import reads; another app's columns by `mapping`,
 * else the user's remembered or guessed one) into one user's gallery with the API's rules: a dry
 * run answers the preview; otherwise all rows or none (row errors are listed), or with `onlyValid`
 * the good rows that fit.
 */
export async function runCardsImport(
  db: Knex,
  options: {
    email: string;
    csv: string;
    dryRun?: boolean | undefined;
    onlyValid?: boolean | undefined;
    mapping?: TColumnMapping | undefined;
    now?: Date;
    psa?: PsaVerifier | null;
  },
): Promise<TImportAnswer> {
  const user = await findByEmail(db, options.email);
  const now = options.now ?? new Date();
  const { csv, mapping } = options;
  const look = await previewImport({ db, user, now, csv, mapping, psa: options.dryRun ? options.psa : null });
  if (options.dryRun || (look.errorCount > 0 && !options.onlyValid) || look.cardCount === 0) return look;
  return importCards({ db, user, now, csv, mapping, onlyValid: options.onlyValid });
}

/** The preview or result as lines for the terminal. */
export function describeImport(a: TImportAnswer, dryRun: boolean, onlyValid = false): string[] {
  const n = (count: number, word: string) => `${formatCount(count)} ${word}${count === 1 ? '' : 's'}`;
  const lines = [`${n(a.rows, 'row')} read (${a.layoutName}).`];
  if (a.mapping) {
    const by = Object.entries(a.mapping)
      .map(([field, column]) => `${field}=${column}`)
      .join(', ');
    lines.push(
      `Columns ${a.mappingSource === 'guessed' ? 'guessed (check them; set them with --map field=Column)' : a.mappingSource === 'remembered' ? 'as last time' : 'as given'}: ${by}`,
    );
  }
  if (a.alreadyCount > 0) lines.push(`${n(a.alreadyCount, 'row')} already on the wall: left out.`);
  if (a.errorCount > 0) {
    const kept = onlyValid && !dryRun && a.imported > 0;
    lines.push(
      `${a.errorCount} row${a.errorCount === 1 ? ' has an error' : 's have errors'}${kept ? ': left out' : dryRun || onlyValid ? '' : ': nothing was imported'}.`,
    );
    for (const e of a.errors) lines.push(`  line ${e.line}: ${e.message}`);
    if (a.errorCount > a.errors.length) lines.push(`  … and ${a.errorCount - a.errors.length} more`);
    if (a.limit) lines.push(a.limit.message);
    if (!dryRun && !onlyValid && a.cardCount > 0) lines.push(`Run again with --only-valid to add the ${n(a.cardCount, 'card')} of the good rows.`);
  }
  if (dryRun) {
    lines.push(`${n(a.cardCount, 'card')} would be added (dry run; nothing written).`);
    for (const c of a.cards.filter((card) => card.psa)) {
      const psa = c.psa!;
      lines.push(
        `  line ${c.line}: cert #${c.certNumber} ${psa.status === 'verified' ? `verified at PSA (${[psa.subject, psa.grade].filter(Boolean).join(', ')})` : psa.status === 'not_found' ? 'not found at PSA' : 'not checked: PSA did not answer'}`,
      );
    }
  } else if (a.imported > 0 || a.errorCount === 0) {
    lines.push(`${n(a.imported, 'card')} added.`);
  }
  return lines;
}

/**
 * Adds a card per cert number in `text` to the user's gallery (the same cert queue as POST
 * /api/intake/certs): with PSA_API_TOKEN each is filled by PSA's cert API at its rate limit, else
 * made with its cert only. Resolves with the finished batch; `onProgress` follows it.
 */
export async function runCardsCerts(
  db: Knex,
  options: {
    email: string;
    text: string;
    psa: PsaClient;
    images: ImageStore;
    now?: () => Date;
    onProgress?: (done: number, total: number) => void;
  },
): Promise<TCertBatchView> {
  const user = await findByEmail(db, options.email);
  const queue = createCertQueue({ db, images: options.images, psa: options.psa, clock: options.now ?? (() => new Date()), log: createLogger('silent') });
  const started = await queue.start(user, options.text);
  const timer = setInterval(() => {
    const b = queue.get(user.id, started.id);
    if (b) options.onProgress?.(b.done, b.total);
  }, 200);
  try {
    await queue.settled(started.id);
  } finally {
    clearInterval(timer);
  }
  const done = queue.get(user.id, started.id)!;
  options.onProgress?.(done.done, done.total);
  return done;
}

/** A cert batch's result as lines for the terminal. */
export function describeCerts(b: TCertBatchView): string[] {
  const lines: string[] = [];
  if (b.notice) lines.push(b.notice);
  for (const i of b.invalid) lines.push(`  "${i.text}": ${i.problem}`);
  if (b.repeated.length) lines.push(`${formatCount(b.repeated.length)} repeated cert number${b.repeated.length === 1 ? '' : 's'} added once.`);
  for (const i of b.items) {
    const what =
      i.status === 'added'
        ? `slot ${i.slotNumber}${i.title ? `: ${i.title}` : ''}${i.population !== undefined ? ` (population ${formatCount(i.population)} at this grade)` : ''}${i.message ? ` (${i.message})` : ''}`
        : (i.message ?? i.status);
    lines.push(`  #${i.cert} ${i.status === 'added' ? 'added to ' : ''}${what}`);
  }
  const added = b.items.filter((i) => i.status === 'added').length;
  lines.push(`${formatCount(added)} card${added === 1 ? '' : 's'} added.`);
  return lines;
}

export function registerCards(program: Command): void {
  const cards = program.command('cards').description("a user's cards: CSV export and import, adding by cert number");
  cards
    .command('export <email>')
    .description("write a user's cards as CSV (to stdout, or --output)")
    .option('-o, --output <file>', 'write to this file instead of stdout')
    .option('--layout <layout>', `the file's layout: ${EXPORT_LAYOUTS.join(', ')}`, 'ratio')
    .action(async (email: string, opts: { output?: string; layout: string }) => {
      const layout = z.enum(EXPORT_LAYOUTS, `--layout is one of ${EXPORT_LAYOUTS.join(', ')}`).safeParse(opts.layout);
      if (!layout.success) handleError(new Error(layout.error.issues[0]?.message));
      const csv = await onDb((db, env) => runCardsExport(db, { email, baseUrl: exportBaseUrl(env), layout: layout.data }));
      if (opts.output) await fs.writeFile(opts.output, csv).catch(handleError);
      else process.stdout.write(csv);
    });
  cards
    .command('import <email> <file>')
    .description(
      "add the cards of a CSV file (Ratio, PSA My Collection, Collectr, Card Ladder, CollX, PSA-style, or any other with --map) to a user's gallery, all or nothing",
    )
    .option('--dry-run', 'only show what would be added and every row error (and, with PSA_API_TOKEN, what PSA says of each cert)')
    .option('--only-valid', 'add the good rows that fit and leave out the rows with errors')
    .option(
      '--map <field=column>',
      `which column holds a field, for another app's file (repeatable); fields: ${MAP_FIELDS.join(', ')}`,
      (v: string, all: string[]) => [...all, v],
      [] as string[],
    )
    .option('--json', 'print the result as JSON')
    .action(async (email: string, file: string, opts: { dryRun?: boolean; onlyValid?: boolean; map: string[]; json?: boolean }) => {
      const csv = await fs.readFile(file, 'utf8').catch(handleError);
      const mapping = (() => {
        try {
          return readMapOptions(opts.map);
        } catch (err) {
          return handleError(err);
        }
      })();
      const result = await onDb((db, env) => {
        const psa = env.PSA_API_TOKEN ? createPsaVerifier({ token: env.PSA_API_TOKEN, baseUrl: env.PSA_API_BASE_URL }) : null;
        return runCardsImport(db, { email, csv, dryRun: opts.dryRun, onlyValid: opts.onlyValid, mapping, psa });
      });
      if (opts.json) printJson(result);
      else for (const l of describeImport(result, Boolean(opts.dryRun), Boolean(opts.onlyValid))) console.log(l);
      if (result.errorCount > 0 && !(opts.onlyValid && result.imported > 0)) process.exitCode = 1;
    });
  cards
    .command('certs <email> <file>')
    .description(
      "add a card per PSA cert number in a file (one per line, or separated by commas or spaces) to a user's gallery; with PSA_API_TOKEN PSA's cert API fills each card, its photo and population, at PSA's rate limit",
    )
    .option('--json', 'print the result as JSON')
    .action(async (email: string, file: string, opts: { json?: boolean }) => {
      const text = await fs.readFile(file, 'utf8').catch(handleError);
      const bar = progressBar('Adding', opts.json ? null : process.stdout);
      const result = await onDb(async (db, env) => {
        const done = await runCardsCerts(db, { email, text, psa: createPsa(env), images: createImageStore(env), onProgress: (d, t) => bar.update(d, t) });
        await viewerSizesSettled();
        return done;
      });
      bar.finish();
      if (opts.json) printJson(result);
      else for (const l of describeCerts(result)) console.log(l);
      if (result.items.some((i) => i.status !== 'added')) process.exitCode = 1;
    });
}
