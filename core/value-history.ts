/**
 * Value history (decisions.md 5, issue 11): the collection's total value over time, from every
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
