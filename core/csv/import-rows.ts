/**
 * Reading an import (issue 11, issue 23 §2): which layout a file has, each row as a card with its
 * per-row errors, and where each card goes. Pure: the API's import service parses the text with
 * csv-parse and calls these, so the preview, the import and the CLI apply one set of rules.
 */
import { PRO_SLOTS } from '../limits.ts';
import { parseValueCents } from '../values.ts';
import type { TImportCard, TImportFormat, TRowError } from '../contracts/csv.types.ts';
import { NO_CARD_DATA, setFieldsOf, type TCardData } from '../cards/card-data.ts';
import { applyCardWrite } from '../cards/card-write.ts';
import { CARD_FORM_LABELS, EMPTY_CARD_FORM, FORM_FIELD, readCardForm, type TCardForm, type TCardFormKey } from '../cards/form.ts';
import { formatCount } from '../format.ts';
import { squash, type TReadLayout } from './layouts/layout.ts';
import { rowCells } from './layouts/cells.ts';
import { psaStyleLayout } from './layouts/psa-style.ts';
import { ratioLayout } from './layouts/ratio.ts';

const TITLE_MAX = 200;
const DESCRIPTION_MAX = 2000;
const VALUE_MAX = 40;

/** The layouts the import knows, tried in this order. */
export const READ_LAYOUTS: Readonly<Record<TImportFormat, TReadLayout>> = { ratio: ratioLayout, psa: psaStyleLayout };

/** A file's layout, read from its header; null when no layout's columns are there. */
export function detectFormat(header: readonly string[]): TImportFormat | null {
  const names = new Set(header.map(squash));
  return (Object.keys(READ_LAYOUTS) as TImportFormat[]).find((f) => READ_LAYOUTS[f].detect(names)) ?? null;
}

/** A row read as a card, before it has a slot. */
export interface TRowCard {
  line: number;
  /** The slot the row asks for: a number, null when the row leaves it to the import, or the text of a bad one. */
  slot: number | null | { bad: string };
  /** Typed text (Ratio's own files); absent: made from the fields. */
  title?: string;
  description?: string;
  value: string | null;
  allTimeHigh: string | null;
  /** The card's fields the file sets. */
  data: Partial<TCardData>;
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

/**
 * Reads the data rows of a file whose header is `header` in `format`. `lines` are the file lines
 * of the rows. Returns the cards and the errors found in single rows (bad value or field, slot
 * out of range, missing title, too long); placement errors come from placeCards.
 */
export function readRows(format: TImportFormat, header: readonly string[], rows: readonly (readonly string[])[], lines: readonly number[]): { cards: TRowCard[]; errors: TRowError[] } {
  const layout = READ_LAYOUTS[format];
  const cards: TRowCard[] = [];
  const errors: TRowError[] = [];
  rows.forEach((cells, index) => {
    const line = lines[index] ?? index + 2;
    const row = layout.read(rowCells(header, cells));
    const valueErrors: string[] = [];
    const card: TRowCard = {
      line,
      slot: readSlot(row.slot),
      ...(row.title !== undefined ? { title: row.title } : {}),
      ...(row.description !== undefined ? { description: row.description } : {}),
      value: amount('Value', row.value, row.valueNumber ?? null, valueErrors),
      allTimeHigh: row.allTimeHigh === undefined ? null : amount('All-Time High', row.allTimeHigh, row.allTimeHighNumber ?? null, valueErrors),
      data: {},
    };
    for (const message of valueErrors) errors.push({ line, kind: 'bad_value', message });
    card.data = readFields(row.fields, line, errors);
    if (typeof card.slot === 'object' && card.slot !== null) {
      errors.push({ line, kind: 'slot_out_of_range', message: `Slot '${card.slot.bad}' is not a slot from 1 to ${PRO_SLOTS}` });
    }
    const text = cardText(card);
    if (!text.title) errors.push({ line, kind: 'missing_title', message: 'The row has no title (or player)' });
    if ((card.title ?? '').length > TITLE_MAX) errors.push({ line, kind: 'too_long', message: `Title is longer than ${TITLE_MAX} characters` });
    if ((card.description ?? '').length > DESCRIPTION_MAX) errors.push({ line, kind: 'too_long', message: `Description is longer than ${DESCRIPTION_MAX} characters` });
    cards.push(card);
  });
  return { cards, errors };
}

/** The card a row makes: its text as typed, or made from its fields, by the one write rule. */
function cardText(card: TRowCard) {
  return applyCardWrite({ title: '', description: '', data: NO_CARD_DATA }, { title: card.title, description: card.description, data: card.data });
}

/** The gallery as the import finds it. */
export interface TGalleryNow {
  /** Slots that already hold a card. */
  taken: ReadonlySet<number>;
  /** Cert numbers of the cards already in the gallery. */
  certs: ReadonlySet<string>;
  /** The highest slot the account may fill (decisions.md 3). */
  maxSlots: number;
}

/**
 * Gives each card its slot: the one it asks for, else the first slot free in the gallery and in
 * the file. Errors: a slot asked twice in the file or already holding a card, a cert number seen
 * twice (duplicate); a slot past the account's range or no free slot left within it (over_limit).
 */
export function placeCards(cards: readonly TRowCard[], gallery: TGalleryNow): { cards: TImportCard[]; errors: TRowError[] } {
  const errors: TRowError[] = [];
  const claimed = new Map<number, number>();
  for (const card of cards) {
    if (typeof card.slot !== 'number') continue;
    const earlier = claimed.get(card.slot);
    if (gallery.taken.has(card.slot)) errors.push({ line: card.line, kind: 'duplicate', message: `Slot ${card.slot} already holds a card` });
    else if (earlier !== undefined) errors.push({ line: card.line, kind: 'duplicate', message: `Slot ${card.slot} is also on line ${earlier}` });
    else if (card.slot > gallery.maxSlots) errors.push({ line: card.line, kind: 'over_limit', message: `Slot ${card.slot} is beyond your ${gallery.maxSlots} slots` });
    if (earlier === undefined) claimed.set(card.slot, card.line);
  }
  const certs = new Map<string, number>();
  let next = 1;
  const placed: TImportCard[] = [];
  for (const card of cards) {
    const text = cardText(card);
    const cert = text.data.certNumber;
    if (cert) {
      const earlier = certs.get(cert);
      if (gallery.certs.has(cert)) errors.push({ line: card.line, kind: 'duplicate', message: `Cert #${cert} is already in your gallery` });
      else if (earlier !== undefined) errors.push({ line: card.line, kind: 'duplicate', message: `Cert #${cert} is also on line ${earlier}` });
      else certs.set(cert, card.line);
    }
    let slotNumber: number;
    if (typeof card.slot === 'number') slotNumber = card.slot;
    else if (card.slot !== null) slotNumber = 0; // a bad slot: already a row error, takes no free slot
    else {
      while (gallery.taken.has(next) || claimed.has(next)) next++;
      slotNumber = next;
      claimed.set(next, card.line);
      if (slotNumber > gallery.maxSlots) {
        errors.push({ line: card.line, kind: 'over_limit', message: `No room: your gallery holds ${formatCount(gallery.maxSlots)} cards` });
      }
    }
    placed.push({
      line: card.line, slotNumber, title: text.title, description: text.description,
      value: card.value, valueCents: parseValueCents(card.value), allTimeHigh: card.allTimeHigh, allTimeHighCents: parseValueCents(card.allTimeHigh),
      ...setFieldsOf(text.data), psa: null,
    });
  }
  return { cards: placed, errors };
}
