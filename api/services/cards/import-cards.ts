import type { Knex } from 'knex';
import { CsvError, parse } from 'csv-parse';
import { accountState } from '../../../core/account.ts';
import { MAX_IMPORT_ROWS, PREVIEW_LIST_MAX, type TImportAnswer, type TImportCard, type TImportFormat, type TRowError } from '../../../core/contracts/csv.types.ts';
import { detectFormat, placeCards, readRows, type TRowCard } from '../../../core/csv/import-rows.ts';
import { cardDataOf } from '../../../core/cards/card-data.ts';
import { CardSlot } from '../../../db/models/CardSlot.ts';
import { CardValueHistory } from '../../../db/models/CardValueHistory.ts';
import type { User } from '../../../db/models/User.ts';
import { AppError, badRequest } from '../../errors.ts';
import { yieldToLoop } from '../../lib/yield.ts';
import { lockUser } from '../accounts/lock-user.ts';
import type { PsaVerifier } from '../analysis/psa-verify.ts';
import { checkImportCerts } from './check-import-certs.ts';
import { assertCanEditSlots } from './slot-access.ts';
import { formatCount } from '../../../core/format.ts';

/** A file read and its rows checked one by one (no gallery needed yet). */
interface TReadFile {
  format: TImportFormat;
  rows: number;
  cards: TRowCard[];
  errors: TRowError[];
}

type TRecord = { record: string[]; info: { lines: number } };

/** Characters handed to the parser per turn of the event loop (a few ms of work each). */
const PARSE_CHUNK = 128 * 1024;

/**
 * Parses CSV text with csv-parse's streaming parser (byte order mark, quotes, CRLF), a chunk per
 * turn of the event loop, so a 4 MB file never holds up other requests for long. Stops as soon as
 * the file has more than MAX_IMPORT_ROWS data rows. 400 when the text is not CSV or too long.
 */
async function parseRecords(csv: string): Promise<TRecord[]> {
  const parser = parse({ bom: true, info: true, relax_column_count: true, skip_empty_lines: true, skip_records_with_empty_values: true });
  const records: TRecord[] = [];
  let failure: unknown = null;
  // With `info: true` csv-parse yields { record, info } per row; its types only know the plain rows.
  parser.on('readable', () => {
    for (let r = parser.read() as TRecord | null; r !== null; r = parser.read() as TRecord | null) records.push(r);
  });
  const ended = new Promise<void>((resolve) => {
    parser.on('end', resolve);
    parser.on('error', (err) => { failure = err; resolve(); });
  });
  for (let i = 0; i < csv.length && failure === null; i += PARSE_CHUNK) {
    if (records.length > MAX_IMPORT_ROWS + 1) break;
    parser.write(csv.slice(i, i + PARSE_CHUNK));
    await yieldToLoop();
  }
  parser.end();
  await ended;
  if (failure instanceof CsvError) throw badRequest('csv_unreadable', `The file is not a readable CSV file (${failure.message.replace(/^Invalid Record Length: /, '')})`);
  if (failure) throw failure;
  return records;
}

/**
 * Reads a CSV file's rows in the layout its header names: 400 when the text is not CSV, has no
 * known header, or has more than MAX_IMPORT_ROWS data rows.
 */
export async function readImportFile(csv: string): Promise<TReadFile> {
  const [head, ...data] = await parseRecords(csv);
  const format = head ? detectFormat(head.record) : null;
  if (!head || !format) {
    throw badRequest('csv_columns', "The file's columns are not Ratio's export nor a PSA-style export (Year, Brand, Card Number, Subject, Variety, Grade, Cert Number)");
  }
  if (data.length > MAX_IMPORT_ROWS) {
    throw badRequest('csv_too_many_rows', `The file has more than ${formatCount(MAX_IMPORT_ROWS)} rows; one import reads at most ${formatCount(MAX_IMPORT_ROWS)}`);
  }
  const { cards, errors } = readRows(format, head.record, data.map((r) => r.record), data.map((r) => r.info.lines));
  return { format, rows: data.length, cards, errors };
}

/** Places the file's cards in the gallery as it stands (read with `db`); every row error, in line order. */
async function planImport(db: Knex | Knex.Transaction, user: User, now: Date, file: TReadFile): Promise<{ cards: TImportCard[]; errors: TRowError[] }> {
  const existing = await CardSlot.query(db).select('slotNumber', 'certNumber').where('userId', user.id);
  const certs = new Set(existing.map((c) => c.certNumber).filter((c): c is string => c !== null));
  const placed = placeCards(file.cards, { taken: new Set(existing.map((c) => c.slotNumber)), certs, maxSlots: accountState(user, now).maxSlots });
  const errors = [...file.errors, ...placed.errors].sort((a, b) => a.line - b.line);
  return { cards: placed.cards, errors };
}

function answer(file: TReadFile, plan: { cards: TImportCard[]; errors: TRowError[] }, imported: number): TImportAnswer {
  return {
    format: file.format, rows: file.rows,
    cards: plan.cards.slice(0, PREVIEW_LIST_MAX), cardCount: plan.cards.length,
    errors: plan.errors.slice(0, PREVIEW_LIST_MAX), errorCount: plan.errors.length,
    imported,
  };
}

/**
 * What an import of `csv` would add and every row error, without writing; with a PSA verifier,
 * the listed cards' cert numbers are checked against PSA. 403 for a view-only account.
 */
export async function previewImport(opts: { db: Knex; user: User; now: Date; csv: string; psa?: PsaVerifier | null | undefined }): Promise<TImportAnswer> {
  assertCanEditSlots(opts.user, opts.now, []);
  const file = await readImportFile(opts.csv);
  const result = answer(file, await planImport(opts.db, opts.user, opts.now, file), 0);
  if (opts.psa) await checkImportCerts(result.cards, opts.psa);
  return result;
}

/** Rows per INSERT statement (well under PostgreSQL's 65,535 bind parameters). */
const CHUNK = 500;

/**
 * Adds the file's cards to the user's gallery, all or nothing: checked again under the user's
 * lock, and any row error (422 import_rows_invalid, with the errors) writes nothing. Cards come
 * without photos (the grid and viewer show a placeholder); each value is recorded as the first
 * point of the card's value history. One transaction.
 */
export async function importCards(opts: { db: Knex; user: User; now: Date; csv: string }): Promise<TImportAnswer> {
  assertCanEditSlots(opts.user, opts.now, []);
  const file = await readImportFile(opts.csv);
  return opts.db.transaction(async (trx) => {
    const user = await lockUser(trx, opts.user.id);
    assertCanEditSlots(user, opts.now, []);
    const plan = await planImport(trx, user, opts.now, file);
    if (plan.errors.length > 0) {
      const n = plan.errors.length;
      throw new AppError(422, 'import_rows_invalid', `${formatCount(n)} row${n === 1 ? ' has an error' : 's have errors'}: nothing was imported`, {
        errors: plan.errors.slice(0, PREVIEW_LIST_MAX), errorCount: n,
      });
    }
    for (let i = 0; i < plan.cards.length; i += CHUNK) {
      const chunk = plan.cards.slice(i, i + CHUNK);
      const rows = await CardSlot.query(trx).insert(chunk.map((c) => ({
        userId: user.id, slotNumber: c.slotNumber, imageId: null, title: c.title, description: c.description,
        value: c.value, valueCents: c.valueCents, allTimeHigh: c.allTimeHigh, allTimeHighCents: c.allTimeHighCents,
        ...cardDataOf(c), peakValueCents: c.valueCents, createdAt: opts.now, updatedAt: opts.now,
      }))).returning(['id', 'valueCents']) as unknown as Array<Pick<CardSlot, 'id' | 'valueCents'>>;
      const history = rows.filter((r) => r.valueCents !== null).map((r) => ({ cardId: r.id, valueCents: r.valueCents!, recordedAt: opts.now }));
      if (history.length > 0) await CardValueHistory.query(trx).insert(history);
    }
    return answer(file, plan, plan.cards.length);
  });
}
