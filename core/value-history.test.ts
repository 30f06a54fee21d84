import { describe, expect, it } from 'vitest';
import { rangeStart, totalValueSeries } from './value-history.ts';

const at = (day: number) => new Date(Date.UTC(2026, 10, day));

describe('total value series', () => {
  const records = [
    { cardId: 1, cents: 1000, at: at(1) },
    { cardId: 2, cents: 500, at: at(1) },
    { cardId: 1, cents: 2000, at: at(5) },
    { cardId: 2, cents: 100, at: at(10) },
  ];

  it('steps at each change, counting each card at its latest value, and ends now', () => {
    expect(totalValueSeries(records, null, at(20))).toEqual([
      { at: at(1).toISOString(), cents: 1500 },
      { at: at(5).toISOString(), cents: 2500 },
      { at: at(10).toISOString(), cents: 2100 },
      { at: at(20).toISOString(), cents: 2100 },
    ]);
  });

  it('folds what came before the range into its first point', () => {
    expect(totalValueSeries(records, at(7), at(20)).map((p) => p.cents)).toEqual([2500, 2100, 2100]);
    expect(totalValueSeries(records, at(15), at(20))).toEqual([
      { at: at(15).toISOString(), cents: 2100 },
      { at: at(20).toISOString(), cents: 2100 },
    ]);
  });

  it('is empty with no records; ranges count back from now', () => {
    expect(totalValueSeries([], null, at(20))).toEqual([]);
    expect(rangeStart('30d', at(31))).toEqual(at(1));
    expect(rangeStart('all', at(31))).toBeNull();
  });
});
