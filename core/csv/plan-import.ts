/**
 * Where an import's cards go (docs/choices.md 29, 40): rows that cannot be read stay out; a row
 * already on the wall (its cert, or the same row imported before) is left out and said so; each
 * card takes the slot its row asks for, else the first free one; when the room runs out, the
 * rest are over the limit, and the limit is explained. Pure.
 */
import { PRO_SLOTS } from '../limits.ts';
import { parseValueCents } from '../values.ts';
import { formatCount } from '../format.ts';
import { setFieldsOf } from '../cards/card-data.ts';
import type { TImportCard, TLimitSummary, TRowError, TRowNote } from '../contracts/csv.types.ts';
import type { TRowCard } from './import-rows.ts';
import { copyKey } from './row-key.ts';

/** The gallery as the import finds it. */
export interface TWallNow {
  /** Slots that hold a card, and each card's title. */
  taken: ReadonlyMap<number, string>;
  /** Cert numbers on the wall, and the slot of each. */
  certs: ReadonlyMap<string, number>;
  /** Import keys of the cards an import brought, and the slot of each. */
  keys: ReadonlyMap<string, number>;
  /** The highest slot the account may fill (docs/choices.md 3). */
  maxSlots: number;
}

/** A card the import will write: its answer, and the key that finds it when the file comes again. */
export interface TPlannedCard extends TImportCard {
  importKey: string;
}

export interface TImportPlan {
  cards: TPlannedCard[];
  /** Every row that cannot be imported, in line order. */
  errors: TRowError[];
  already: TRowNote[];
  limit: TLimitSummary | null;
}

const cardsWord = (n: number) => `${formatCount(n)} card${n === 1 ? '' : 's'}`;

/** The tier limit in words: the room, which lines fit, and what the rest need. */
export function limitMessage(l: Omit<TLimitSummary, 'message'>, lines: { first: number; last: number } | null): string {
  const where =
    lines && lines.first === lines.last ? `line ${formatCount(lines.first)}` : lines ? `lines ${formatCount(lines.first)}–${formatCount(lines.last)}` : '';
  const fit = l.fitting > 0 && lines ? `: the ${cardsWord(l.fitting)} of ${where} fit${l.fitting === 1 ? 's' : ''}.` : '.';
  const head = `Your gallery has room for ${formatCount(l.room)} more card${l.room === 1 ? '' : 's'}${fit}`;
  const others = (n: number) => (n === 1 ? 'the other card needs' : `the other ${cardsWord(n)} need`);
  const Others = (n: number) => others(n).replace(/^t/, 'T');
  if (l.withPro !== null && l.withPro >= l.over) return `${head} ${Others(l.over)} PRO, which holds ${formatCount(PRO_SLOTS)} cards.`;
  if (l.withPro !== null && l.withPro > 0) {
    return `${head} With PRO, ${formatCount(l.withPro)} more would fit; ${others(l.over - l.withPro)} more room than a gallery holds (${formatCount(PRO_SLOTS)} cards).`;
  }
  const room = l.withPro === null ? 'your gallery has' : `a gallery holds (${formatCount(PRO_SLOTS)} cards)`;
  return `${head} ${Others(l.over)} more room than ${room}: remove cards first, or import them later.`;
}

/** The rows that stay in: not broken, not already on the wall, no cert or slot used twice. */
function keptRows(
  rows: readonly TRowCard[],
  rowErrors: readonly TRowError[],
  wall: TWallNow,
  errors: TRowError[],
  already: TRowNote[],
  claimed: Map<number, number>,
): TRowCard[] {
  const bad = new Set(rowErrors.map((e) => e.line));
  const certLines = new Map<string, number>();
  const kept: TRowCard[] = [];
  for (const row of rows) {
    if (bad.has(row.line)) continue;
    const { line } = row;
    const cert = row.text.data.certNumber ?? null;
    const asked = typeof row.slot === 'number' ? row.slot : null;
    const certSlot = cert === null ? undefined : wall.certs.get(cert);
    const keySlot = wall.keys.get(copyKey(row.key, 1));
    if (certSlot !== undefined) already.push({ line, message: `Cert #${cert} is already on your wall (slot ${certSlot})` });
    else if (keySlot !== undefined) already.push({ line, message: `Imported before: the card is in slot ${keySlot}` });
    else if (asked !== null && row.text.title && wall.taken.get(asked) === row.text.title)
      already.push({ line, message: `Already on your wall in slot ${asked}` });
    else if (cert !== null && certLines.has(cert)) errors.push({ line, kind: 'duplicate', message: `Cert #${cert} is also on line ${certLines.get(cert)}` });
    else if (asked !== null && wall.taken.has(asked)) errors.push({ line, kind: 'duplicate', message: `Slot ${asked} already holds a card` });
    else if (asked !== null && claimed.has(asked)) errors.push({ line, kind: 'duplicate', message: `Slot ${asked} is also on line ${claimed.get(asked)}` });
    else {
      if (cert !== null) certLines.set(cert, line);
      if (asked !== null) claimed.set(asked, line);
      kept.push(row);
    }
  }
  return kept;
}

/**
 * Places the readable rows' cards in the wall as it stands. `rowErrors` are readRows' errors: their
 * rows stay out. Rows are placed in file order, each whole (all its copies) or not at all; once a
 * row does not fit, neither do the rows after it that need free slots.
 */
export function planImport(rows: readonly TRowCard[], rowErrors: readonly TRowError[], wall: TWallNow): TImportPlan {
  const errors: TRowError[] = [...rowErrors];
  const already: TRowNote[] = [];
  const claimed = new Map<number, number>();
  const kept = keptRows(rows, rowErrors, wall, errors, already, claimed);
  const used = (slot: number) => wall.taken.has(slot) || claimed.has(slot);
  const room = wall.maxSlots - [...wall.taken.keys()].filter((s) => s <= wall.maxSlots).length;
  const cards: TPlannedCard[] = [];
  let next = 1;
  let full = false;
  let over = 0;
  let overRows = 0;
  let firstLine = 0;
  let lastLine = 0;
  for (const row of kept) {
    const asked = typeof row.slot === 'number' ? row.slot : null;
    const slots: number[] = asked === null ? [] : [asked];
    let probe = next;
    while (!full && slots.length < row.quantity) {
      while (used(probe) || slots.includes(probe)) probe++;
      if (probe > wall.maxSlots) full = true;
      else slots.push(probe++);
    }
    if ((asked !== null && asked > wall.maxSlots) || slots.length < row.quantity) {
      const message =
        asked !== null && asked > wall.maxSlots
          ? `Slot ${asked} is beyond your ${wall.maxSlots} slots`
          : `No room: your gallery holds ${formatCount(wall.maxSlots)} cards`;
      errors.push({ line: row.line, kind: 'over_limit', message });
      over += row.quantity;
      overRows++;
      continue;
    }
    next = asked === null ? probe : next;
    for (const slot of slots) claimed.set(slot, row.line);
    firstLine ||= row.line;
    lastLine = row.line;
    slots.forEach((slotNumber, i) => {
      const { title, description, data } = row.text;
      cards.push({
        line: row.line,
        slotNumber,
        title,
        description,
        value: row.value,
        valueCents: parseValueCents(row.value),
        allTimeHigh: row.allTimeHigh,
        allTimeHighCents: parseValueCents(row.allTimeHigh),
        ...setFieldsOf(data),
        psa: null,
        importKey: copyKey(row.key, i + 1),
      });
    });
  }
  errors.sort((a, b) => a.line - b.line);
  if (over === 0) return { cards, errors, already, limit: null };
  const proRoom = PRO_SLOTS - wall.taken.size - cards.length;
  const summary = {
    maxSlots: wall.maxSlots,
    room: Math.max(0, room),
    fitting: cards.length,
    over,
    overRows,
    withPro: wall.maxSlots < PRO_SLOTS ? Math.max(0, Math.min(over, proRoom)) : null,
  };
  return { cards, errors, already, limit: { ...summary, message: limitMessage(summary, firstLine ? { first: firstLine, last: lastLine } : null) } };
}
