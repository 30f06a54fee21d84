/**
 * Reading an import (issue 11): which layout a file has (Ratio's own export or a PSA-style
 * collection export), each row as a card with its per-row errors, and where each card goes.
 * Pure: the API's import service parses the text with csv-parse and calls these, so the preview,
 * the import and the CLI apply one set of rules.
 */
import { PRO_SLOTS } from '../limits.ts';
import { parseValueCents } from '../values.ts';
import type { TImportCard, TImportFormat, TRowError } from '../contracts/csv.types.ts';
import { unescapeCell } from './escape.ts';
import { slabDescription, slabFacts } from './slab.ts';
import { formatCount } from '../format.ts';

const TITLE_MAX = 200;
const DESCRIPTION_MAX = 2000;
const VALUE_MAX = 40;

/** A header name reduced to letters and digits ('All-Time High (USD)' -> 'alltimehighusd'). */
const squash = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Header names (squashed) each field is read from, first match wins. */
const RATIO_FIELDS = {
  slot: ['slot', 'slotnumber'],
  title: ['title'],
  description: ['description'],
  value: ['value'],
  valueNumber: ['valueusd'],
  allTimeHigh: ['alltimehigh'],
  allTimeHighNumber: ['alltimehighusd'],
} as const;
const PSA_FIELDS = {
  year: ['year'],
  brand: ['brand', 'set', 'setname'],
  cardNumber: ['cardnumber', 'cardno', 'number'],
  subject: ['subject', 'player', 'subjectplayer', 'playersubject'],
  variety: ['variety', 'varietypedigree', 'variation', 'pedigree'],
  grade: ['grade', 'cardgrade', 'itemgrade'],
  cert: ['certnumber', 'cert', 'certno', 'certificationnumber', 'certificatenumber'],
  value: ['value', 'myvalue', 'estimatedvalue', 'priceguidevalue', 'price'],
  slot: ['slot', 'slotnumber'],
} as const;

type TColumns<K extends string> = Partial<Record<K, number>>;

function columnsOf<K extends string>(header: readonly string[], fields: Record<K, readonly string[]>): TColumns<K> {
  const names = header.map(squash);
  const out: TColumns<K> = {};
  for (const key of Object.keys(fields) as K[]) {
    const i = fields[key].map((n) => names.indexOf(n)).find((n) => n >= 0);
    if (i !== undefined) out[key] = i;
  }
  return out;
}

/** A file's layout, read from its header; null when neither layout's columns are there. */
export function detectFormat(header: readonly string[]): TImportFormat | null {
  const names = new Set(header.map(squash));
  if (names.has('slot') && names.has('title')) return 'ratio';
  const psa = columnsOf(header, PSA_FIELDS);
  if (psa.cert !== undefined || psa.subject !== undefined) return 'psa';
  return null;
}

/** A row read as a card, before it has a slot. */
export interface TRowCard {
  line: number;
  /** The slot the row asks for: a number, null when the row leaves it to the import, or the text of a bad one. */
  slot: number | null | { bad: string };
  title: string;
  description: string;
  value: string | null;
  allTimeHigh: string | null;
  certNumber: string | null;
}

const clean = (s: string | undefined) => unescapeCell((s ?? '').trim()).trim();

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

/**
 * Reads the data rows of a file whose header is `header` in `format`. `firstLine` is the file
 * line of the first data row. Returns the cards and the errors found in single rows (bad value,
 * slot out of range, missing title, too long); placement errors come from placeCards.
 */
export function readRows(format: TImportFormat, header: readonly string[], rows: readonly (readonly string[])[], lines: readonly number[]): { cards: TRowCard[]; errors: TRowError[] } {
  const cards: TRowCard[] = [];
  const errors: TRowError[] = [];
  const ratio = columnsOf(header, RATIO_FIELDS);
  const psa = columnsOf(header, PSA_FIELDS);
  rows.forEach((row, index) => {
    const line = lines[index] ?? index + 2;
    const cell = (i: number | undefined) => (i === undefined ? '' : clean(row[i]));
    const valueErrors: string[] = [];
    let card: TRowCard;
    if (format === 'ratio') {
      const number = (i: number | undefined) => (i === undefined ? null : cell(i));
      card = {
        line,
        slot: readSlot(cell(ratio.slot)),
        title: cell(ratio.title),
        description: cell(ratio.description),
        value: amount('Value', cell(ratio.value), number(ratio.valueNumber), valueErrors),
        allTimeHigh: amount('All-Time High', cell(ratio.allTimeHigh), number(ratio.allTimeHighNumber), valueErrors),
        certNumber: null,
      };
      card.certNumber = slabFacts(card.description, card.title).certNumber;
    } else {
      const number = cell(psa.cardNumber);
      const cert = cell(psa.cert).replace(/\s/g, '');
      card = {
        line,
        slot: readSlot(cell(psa.slot)),
        title: [cell(psa.year), cell(psa.brand), number ? `#${number.replace(/^#/, '')}` : '', cell(psa.subject), cell(psa.variety)].filter(Boolean).join(' '),
        description: slabDescription('PSA', cell(psa.grade), cert),
        value: amount('Value', cell(psa.value), null, valueErrors),
        allTimeHigh: null,
        certNumber: cert || null,
      };
    }
    for (const message of valueErrors) errors.push({ line, kind: 'bad_value', message });
    if (typeof card.slot === 'object' && card.slot !== null) {
      errors.push({ line, kind: 'slot_out_of_range', message: `Slot '${card.slot.bad}' is not a slot from 1 to ${PRO_SLOTS}` });
    }
    if (!card.title) errors.push({ line, kind: 'missing_title', message: 'The row has no title (or player)' });
    if (card.title.length > TITLE_MAX) errors.push({ line, kind: 'too_long', message: `Title is longer than ${TITLE_MAX} characters` });
    if (card.description.length > DESCRIPTION_MAX) errors.push({ line, kind: 'too_long', message: `Description is longer than ${DESCRIPTION_MAX} characters` });
    cards.push(card);
  });
  return { cards, errors };
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
    if (card.certNumber) {
      const earlier = certs.get(card.certNumber);
      if (gallery.certs.has(card.certNumber)) errors.push({ line: card.line, kind: 'duplicate', message: `Cert #${card.certNumber} is already in your gallery` });
      else if (earlier !== undefined) errors.push({ line: card.line, kind: 'duplicate', message: `Cert #${card.certNumber} is also on line ${earlier}` });
      else certs.set(card.certNumber, card.line);
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
      line: card.line, slotNumber, title: card.title, description: card.description,
      value: card.value, valueCents: parseValueCents(card.value), allTimeHigh: card.allTimeHigh, allTimeHighCents: parseValueCents(card.allTimeHigh),
      certNumber: card.certNumber, psa: null,
    });
  }
  return { cards: placed, errors };
}
