import { describe, expect, it } from 'vitest';
import { rangeStart, totalValueSeries, valueChange } from './value-history.ts';

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

describe('value change (docs/choices.md 47)', () => {
  const records = [
    { cardId: 1, cents: 1000, at: at(1) },
    { cardId: 2, cents: 500, at: at(1) },
    { cardId: 1, cents: 2000, at: at(5) },
    { cardId: 3, cents: 90_000, at: at(8) },
    { cardId: 2, cents: 100, at: at(10) },
    { cardId: 3, cents: 95_000, at: at(12) },
  ];

  it('tells the value the cards held moved by from the value of cards that arrived', () => {
    // From day 7: card 1 steady at 2000, card 2 500 -> 100, card 3 arrived at 90,000 then 95,000.
    expect(valueChange(records, at(7), at(20))).toEqual({ heldCents: -400 + 5000, addedCents: 90_000, addedCount: 1 });
    // All time: every card arrived within the range.
    expect(valueChange(records, null, at(20))).toEqual({ heldCents: 1000 - 400 + 5000, addedCents: 91_500, addedCount: 3 });
  });

  it("adds up to the series' change", () => {
    const series = totalValueSeries(records, at(3), at(20));
    const change = valueChange(records, at(3), at(20));
    expect(change.heldCents + change.addedCents).toBe(series.at(-1)!.cents - series[0]!.cents);
  });

  it('is all added for an import with no later values, and nothing for no records', () => {
    const imported = [1, 2, 3].map((cardId) => ({ cardId, cents: 100_000, at: at(19) }));
    expect(valueChange(imported, at(1), at(20))).toEqual({ heldCents: 0, addedCents: 300_000, addedCount: 3 });
    expect(valueChange([], at(1), at(20))).toEqual({ heldCents: 0, addedCents: 0, addedCount: 0 });
  });
});
