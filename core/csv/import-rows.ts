/**
 * Reading an import (docs/choices.md 29, 40): which layout a file has, and each row as a card with
 * its per-row errors. Pure: the API's import service parses the text with csv-parse and calls
 * these (then core/csv/plan-import.ts), so the preview, the import and the CLI apply one set of rules.
 */
import { PRO_SLOTS } from '../limits.ts';
import { parseValueCents } from '../values.ts';
import type { TRowError } from '../contracts/csv.types.ts';
import { NO_CARD_DATA, type TCardData } from '../cards/card-data.ts';
import { applyCardWrite, type TCardText } from '../cards/card-write.ts';
import { CARD_FORM_LABELS, EMPTY_CARD_FORM, FORM_FIELD, readCardForm, type TCardForm, type TCardFormKey } from '../cards/form.ts';
import { formatCount } from '../format.ts';
import { squash, type TReadLayout } from './layouts/layout.ts';
import { headerIndex, rowCells } from './layouts/cells.ts';
import { READ_LAYOUTS } from './layouts/index.ts';
import { rowKeys } from './row-key.ts';

const TITLE_MAX = 200;
const DESCRIPTION_MAX = 2000;
const VALUE_MAX = 40;

/** A file's layout, read from its header; null when no layout Ratio knows has these columns. */
export function detectLayout(header: readonly string[]): TReadLayout | null {
  const names = new Set(header.map(squash));
  return READ_LAYOUTS.find((l) => l.detect(names)) ?? null;
}

/** A row read as a card, before it has a slot. */
export interface TRowCard {
  line: number;
  /** The row's identity (core/csv/row-key.ts): the same row imported again is found by it. */
  key: string;
  /** The slot the row asks for: a number, null when the row leaves it to the import, or the text of a bad one. */
  slot: number | null | { bad: string };
  /** How many cards the row makes (its quantity). */
  quantity: number;
  value: string | null;
  allTimeHigh: string | null;
  /** The card's text (typed in Ratio's own files, else made from the fields) and fields. */
  text: TCardText;
}

/**
 * A typed amount and its number column: the typed text wins when it reads as an amount; an empty
 * text takes the number; a text without a number is kept as typed only when the file's number
 * column is empty too (Ratio's export of a value typed as 'n/a'), otherwise it is a bad value.
 */
function amount(label: string, text: string, number: string | null, errors: string[]): string | null {
  if (text.length > VALUE_MAX) {
    errors.push(`${label} is longer than ${VALUE_MAX} characters`);
    return null;
  }
  if (text && parseValueCents(text) !== null) return text;
  if (!text && number) {
    if (parseValueCents(number) === null) errors.push(`${label} '${number}' is not an amount (e.g. 1250.00)`);
    return number;
  }
  if (text && (number === null || number !== '')) errors.push(`${label} '${text}' is not an amount (e.g. $1,250.00)`);
  return text || null;
}

function readSlot(cell: string): TRowCard['slot'] {
  if (!cell) return null;
  if (!/^\d{1,4}$/.test(cell) || Number(cell) < 1 || Number(cell) > PRO_SLOTS) return { bad: cell };
  return Number(cell);
}

/** The card fields a layout's inputs set, each read by the card's rules; a broken one is a row error. */
function readFields(inputs: Partial<TCardForm>, line: number, errors: TRowError[]): Partial<TCardData> {
  const read = readCardForm({ ...EMPTY_CARD_FORM, ...inputs });
  const data: Partial<Record<keyof TCardData, unknown>> = {};
  for (const key of Object.keys(inputs) as TCardFormKey[]) {
    const problem = read.problems[key];
    if (problem) errors.push({ line, kind: 'bad_field', message: `${CARD_FORM_LABELS[key]} '${inputs[key]}': ${problem}` });
    data[FORM_FIELD[key]] = read.data[FORM_FIELD[key]];
  }
  // Each key holds its own field's value from readCardForm.
  return data as Partial<TCardData>;
}

/** A quantity cell: '' is one card; a whole number 1..1,000; 0 means none owned. */
function readQuantity(cell: string, line: number, errors: TRowError[]): number {
  if (!cell) return 1;
  const n = /^\d{1,5}(\.0+)?$/.test(cell) ? Number.parseInt(cell, 10) : Number.NaN;
  if (n === 0) errors.push({ line, kind: 'not_owned', message: 'Quantity 0: none in the collection' });
  else if (!(n >= 1 && n <= PRO_SLOTS))
    errors.push({ line, kind: 'bad_field', message: `Quantity '${cell}': a whole number of cards from 1 to ${formatCount(PRO_SLOTS)}` });
  return n >= 1 && n <= PRO_SLOTS ? n : 1;
}

/**
 * Reads the data rows of a file in `layout` whose header is `header`. `lines` are the file lines
 * of the rows; `keys` their identities (rowKeys of the whole file: a caller reading a long file
 * in parts passes each part its keys). Returns the cards and the errors found in single rows (bad
 * value or field, slot out of range, missing title, too long, not owned); placement is
 * plan-import.ts's.
 */
export function readRows(
  layout: TReadLayout,
  header: readonly string[],
  rows: readonly (readonly string[])[],
  lines: readonly number[],
  keys: readonly string[] = rowKeys(layout.id, rows),
): { cards: TRowCard[]; errors: TRowError[] } {
  const index = headerIndex(header);
  const cards: TRowCard[] = [];
  const errors: TRowError[] = [];
  rows.forEach((cells, i) => {
    const line = lines[i] ?? i + 2;
    const row = layout.read(rowCells(index, cells, layout.empty));
    const valueErrors: string[] = [];
    const value = amount('Value', row.value, row.valueNumber ?? null, valueErrors);
    const allTimeHigh = row.allTimeHigh === undefined ? null : amount('All-Time High', row.allTimeHigh, row.allTimeHighNumber ?? null, valueErrors);
    for (const message of valueErrors) errors.push({ line, kind: 'bad_value', message });
    if (row.notOwned) errors.push({ line, kind: 'not_owned', message: row.notOwned });
    const quantity = readQuantity(row.quantity ?? '', line, errors);
    const data = readFields(row.fields, line, errors);
    const slot = readSlot(row.slot);
    if (typeof slot === 'object' && slot !== null) {
      errors.push({ line, kind: 'slot_out_of_range', message: `Slot '${slot.bad}' is not a slot from 1 to ${PRO_SLOTS}` });
    }
    const text = applyCardWrite({ title: '', description: '', data: NO_CARD_DATA }, { title: row.title, description: row.description, data });
    if (!text.title) errors.push({ line, kind: 'missing_title', message: 'The row has no title (or player)' });
    if ((row.title ?? '').length > TITLE_MAX) errors.push({ line, kind: 'too_long', message: `Title is longer than ${TITLE_MAX} characters` });
    if ((row.description ?? '').length > DESCRIPTION_MAX)
      errors.push({ line, kind: 'too_long', message: `Description is longer than ${DESCRIPTION_MAX} characters` });
    cards.push({ line, key: keys[i]!, slot, quantity, value, allTimeHigh, text });
  });
  return { cards, errors };
}
