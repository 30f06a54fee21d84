import type { Knex } from 'knex';
import { CsvError, parse } from 'csv-parse';
import { MAX_IMPORT_ROWS, type TRowError } from '../../../core/contracts/csv.types.ts';
import { detectLayout, readRows, type TRowCard } from '../../../core/csv/import-rows.ts';
import { rowKeys } from '../../../core/csv/row-key.ts';
import type { TReadLayout } from '../../../core/csv/layouts/layout.ts';
import { guessMapping, mappedLayout, type TColumnMapping } from '../../../core/csv/layouts/mapped.ts';
import { formatCount } from '../../../core/format.ts';
import { badRequest } from '../../errors.ts';
import { yieldToLoop } from '../../lib/yield.ts';
import { rememberedMapping } from './import-mappings.ts';

/** A file read and its rows checked one by one (no gallery needed yet). */
export interface TReadFile {
  layout: TReadLayout;
  header: string[];
  /** The first data row's cells. */
  sample: string[];
  mapping: TColumnMapping | null;
  mappingSource: 'sent' | 'remembered' | 'guessed' | null;
  rows: number;
  cards: TRowCard[];
  errors: TRowError[];
}

type TRecord = { record: string[]; info: { lines: number } };

/** Characters handed to the parser per turn of the event loop (a few ms of work each). */
const PARSE_CHUNK = 128 * 1024;
/** Rows read into cards per turn of the event loop (a few ms of work each). */
const READ_CHUNK = 250;

/**
 * Parses CSV text with csv-parse's streaming parser (byte order mark, quotes, CRLF), a chunk per
 * turn of the event loop, so a 4 MB file never holds up other requests for long. Stops as soon as
 * the file has more than MAX_IMPORT_ROWS data rows. 400 when the text is not CSV.
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
    parser.on('error', (err) => {
      failure = err;
      resolve();
    });
  });
  for (let i = 0; i < csv.length && failure === null; i += PARSE_CHUNK) {
    if (records.length > MAX_IMPORT_ROWS + 1) break;
    parser.write(csv.slice(i, i + PARSE_CHUNK));
    await yieldToLoop();
  }
  parser.end();
  await ended;
  if (failure instanceof CsvError)
    throw badRequest('csv_unreadable', `The file is not a readable CSV file (${failure.message.replace(/^Invalid Record Length: /, '')})`);
  if (failure) throw failure;
  return records;
}

/**
 * Reads a CSV file's rows in the layout its header names (Ratio's, PSA's, Collectr's, Card
 * Ladder's, CollX's, a PSA-style list); any other header is read by `mapping`, else by the
 * mapping the user last used for it, else by a guess (`mappingSource` says which: a guess asks the
 * collector to check it). 400 when the text is not CSV, has no header, or more than
 * MAX_IMPORT_ROWS data rows.
 */
export async function readImportFile(db: Knex | Knex.Transaction, userId: number, csv: string, mapping?: TColumnMapping): Promise<TReadFile> {
  const [head, ...data] = await parseRecords(csv);
  if (!head || head.record.every((c) => !c.trim())) throw badRequest('csv_columns', 'The file has no header row naming its columns');
  if (data.length > MAX_IMPORT_ROWS) {
    throw badRequest(
      'csv_too_many_rows',
      `The file has more than ${formatCount(MAX_IMPORT_ROWS)} rows; one import reads at most ${formatCount(MAX_IMPORT_ROWS)}`,
    );
  }
  const header = head.record.map((c) => c.trim());
  const known = detectLayout(header);
  let used: TColumnMapping | null = null;
  let source: TReadFile['mappingSource'] = null;
  if (!known) {
    const remembered = mapping ? null : await rememberedMapping(db, userId, header);
    used = mapping ?? remembered ?? guessMapping(header);
    source = mapping ? 'sent' : remembered ? 'remembered' : 'guessed';
    const names = new Set(header);
    const missing = Object.values(used).find((column) => !names.has(column));
    if (missing !== undefined) throw badRequest('csv_mapping', `The file has no column '${missing}'`);
  }
  const layout = known ?? mappedLayout(used ?? {});
  const records = data.map((r) => r.record);
  const keys = rowKeys(layout.id, records);
  const cards: TRowCard[] = [];
  const errors: TRowError[] = [];
  // A part of the rows per turn of the event loop: a 5,000-row file never holds up other requests for long.
  for (let i = 0; i < data.length; i += READ_CHUNK) {
    const part = readRows(
      layout,
      header,
      records.slice(i, i + READ_CHUNK),
      data.slice(i, i + READ_CHUNK).map((r) => r.info.lines),
      keys.slice(i, i + READ_CHUNK),
    );
    cards.push(...part.cards);
    errors.push(...part.errors);
    if (i + READ_CHUNK < data.length) await yieldToLoop();
  }
  const sample = header.map((_, i) => (data[0]?.record[i] ?? '').trim().slice(0, 200));
  return { layout, header, sample, mapping: used, mappingSource: source, rows: data.length, cards, errors };
}
