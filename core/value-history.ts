/**
 * Value history (docs/choices.md 5, docs/choices.md 29): the collection's total value over time, from every
 * recorded value of the cards it holds. Pure; the API reads the records and the site draws them.
 */
import type { THistoryRange, TValuePoint } from './contracts/csv.types.ts';
import { DAY_MS } from './limits.ts';

/** One recorded value of one card. */
export interface TValueRecord {
  cardId: number;
  cents: number;
  at: Date;
}

const RANGE_DAYS: Record<THistoryRange, number | null> = { '30d': 30, '90d': 90, '1y': 365, all: null };

/** The first moment a range shows, or null for all time. */
export function rangeStart(range: THistoryRange, now: Date): Date | null {
  const days = RANGE_DAYS[range];
  return days === null ? null : new Date(now.getTime() - days * DAY_MS);
}

/**
 * The total value after each change, as a step series: each card counts with its latest value
 * recorded at or before that moment. Changes before `from` fold into one opening point at `from`;
 * records at the same instant give one point; the series ends with the total at `now`. Empty when
 * nothing was ever recorded.
 */
export function totalValueSeries(records: readonly TValueRecord[], from: Date | null, now: Date): TValuePoint[] {
  const sorted = [...records].sort((a, b) => a.at.getTime() - b.at.getTime());
  const latest = new Map<number, number>();
  let total = 0;
  const points: TValuePoint[] = [];
  const push = (at: Date) => {
    const iso = at.toISOString();
    const last = points.at(-1);
    if (last && last.at === iso) last.cents = total;
    else points.push({ at: iso, cents: total });
  };
  let opened = from === null;
  for (const record of sorted) {
    if (!opened && from && record.at.getTime() > from.getTime()) {
      if (latest.size > 0) push(from);
      opened = true;
    }
    total += record.cents - (latest.get(record.cardId) ?? 0);
    latest.set(record.cardId, record.cents);
    if (opened) push(record.at);
  }
  if (latest.size === 0) return [];
  if (!opened && from) push(from);
  if (now.getTime() > new Date(points.at(-1)!.at).getTime()) push(now);
  return points;
}

/** How the total moved over a range, told apart (docs/choices.md 47): cards' values moving, and cards arriving. */
export interface TValueChange {
  /** The change in value of the cards held: each card from its value at the range's start (or when it arrived) to its latest. */
  heldCents: number;
  /** The value the cards that arrived within the range came with. */
  addedCents: number;
  /** How many cards arrived within the range. */
  addedCount: number;
}

/**
 * The change over a range of the cards held now (the records are theirs): a card whose first
 * record falls within the range arrived then, and counts in `addedCents` with that first value;
 * only later records move `heldCents`. A card known before the range moves from its value at the
 * range's start. `heldCents + addedCents` is the series' last point minus its first.
 */
export function valueChange(records: readonly TValueRecord[], from: Date | null, now: Date): TValueChange {
  const sorted = [...records].filter((r) => r.at.getTime() <= now.getTime()).sort((a, b) => a.at.getTime() - b.at.getTime());
  const start = new Map<number, number>();
  const latest = new Map<number, number>();
  let addedCents = 0;
  let addedCount = 0;
  for (const record of sorted) {
    const before = from !== null && record.at.getTime() <= from.getTime();
    if (!latest.has(record.cardId) && !before) {
      // The card's first record, within the range: it arrived with this value.
      addedCents += record.cents;
      addedCount += 1;
      start.set(record.cardId, record.cents);
    } else if (before) {
      start.set(record.cardId, record.cents);
    }
    latest.set(record.cardId, record.cents);
  }
  let heldCents = 0;
  for (const [card, cents] of latest) heldCents += cents - (start.get(card) ?? cents);
  return { heldCents, addedCents, addedCount };
}
