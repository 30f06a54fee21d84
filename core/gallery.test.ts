import { describe, expect, it } from 'vitest';
import {
  CUSTOM_DEFAULT,
  LAYOUTS,
  canSwap,
  clampCustomCount,
  formatUpside,
  insightsView,
  isLayoutId,
  layoutSlotCount,
  portfolioInsights,
  ratioUpside,
  registryFigures,
  type TCardAmounts,
} from './gallery.ts';

const card = (slotNumber: number, valueCents: number | null, allTimeHighCents: number | null = valueCents): TCardAmounts => ({
  slotNumber,
  valueCents,
  allTimeHighCents,
});

describe('registryFigures', () => {
  it('is all zero for an empty wall', () => {
    expect(registryFigures([], 20)).toEqual({
      acquisitions: 0,
      averageCents: 0,
      totalCents: 0,
      valued: 0,
      allTimeHighCents: 0,
      tracked: 0,
      completionPercent: 0,
    });
  });

  it('sums values and highs, counts valued and tracked, averages over every card', () => {
    const cards = [card(1, 10000, 15000), card(2, 5050, null), card(5, null, 2000), card(7, null, null)];
    expect(registryFigures(cards, 20)).toEqual({
      acquisitions: 4,
      totalCents: 15050,
      valued: 2,
      // docs/product.md §9: total / card count (unvalued cards count as 0), to the cent
      averageCents: 3763,
      allTimeHighCents: 17000,
      tracked: 2,
      completionPercent: 20,
    });
  });

  it('counts only the shown slots for completion, rounding down so 100% means full', () => {
    const cards = Array.from({ length: 24 }, (_, i) => card(i + 1, 100));
    expect(registryFigures(cards, 24).completionPercent).toBe(100);
    expect(registryFigures(cards.slice(0, 23), 24).completionPercent).toBe(95);
    expect(registryFigures(cards, 10).completionPercent).toBe(100);
    expect(registryFigures([card(999, 1)], 1000).completionPercent).toBe(0);
    expect(registryFigures([card(30, 1)], 20).completionPercent).toBe(0);
  });
});

describe('ratioUpside', () => {
  it('divides the highs by the values of the cards that have both', () => {
    expect(ratioUpside([card(1, 10000, 15000), card(2, 10000, 10000)])).toBe(1.25);
    // a high without a value, or a value without a high, does not count
    expect(ratioUpside([card(1, 10000, 12000), card(2, null, 90000), card(3, 5000, null)])).toBe(1.2);
  });

  it('is null unless above 1', () => {
    expect(ratioUpside([card(1, 10000, 10000)])).toBeNull();
    expect(ratioUpside([])).toBeNull();
    expect(ratioUpside([card(1, 0, 500)])).toBeNull();
    expect(ratioUpside([card(1, null, 500)])).toBeNull();
  });

  it('formats with two decimals', () => {
    expect(formatUpside(1.25)).toBe('1.25x');
    expect(formatUpside(2)).toBe('2.00x');
  });
});

describe('portfolioInsights', () => {
  it('counts out of 1000 with total, average, upside and the top card', () => {
    const insights = portfolioInsights([card(3, 20000, 30000), card(8, 5000, 5000), card(40, null, null)]);
    expect(insights).toEqual({
      cards: 3,
      capacity: 1000,
      totalCents: 25000,
      averageCents: 8333,
      valued: 2,
      upside: 1.4,
      topSlot: 3,
      topCents: 20000,
    });
  });

  it('has no top card when nothing is valued', () => {
    expect(portfolioInsights([card(1, null)])).toMatchObject({ topSlot: null, upside: null, totalCents: 0 });
  });
});

describe('insightsView', () => {
  it('is simplified only without PRO features from 3 cards', () => {
    expect(insightsView(true, 500)).toBe('full');
    expect(insightsView(false, 2)).toBe('full');
    expect(insightsView(false, 3)).toBe('simplified');
  });
});

describe('layouts', () => {
  it('clamps the custom count to 1..1000 and gives 1 when it is not a number', () => {
    expect(clampCustomCount(30)).toBe(30);
    expect(clampCustomCount('45')).toBe(45);
    expect(clampCustomCount(0)).toBe(1);
    expect(clampCustomCount(-7)).toBe(1);
    expect(clampCustomCount(1001)).toBe(1000);
    expect(clampCustomCount('99999')).toBe(1000);
    expect(clampCustomCount(12.9)).toBe(12);
    for (const bad of ['abc', '', '  ', Number.NaN, undefined, null, {}]) expect(clampCustomCount(bad)).toBe(1);
  });

  it('shows 10 slots without PRO features, else the layout count', () => {
    expect(layoutSlotCount(false, '6x4', 500)).toBe(10);
    expect(layoutSlotCount(true, '4x5', 500)).toBe(20);
    expect(layoutSlotCount(true, '6x4', 500)).toBe(24);
    expect(layoutSlotCount(true, '2x5', 500)).toBe(10);
    expect(layoutSlotCount(true, 'custom', 500)).toBe(500);
    expect(layoutSlotCount(true, 'custom', 5000)).toBe(1000);
  });

  it('lists the four layouts with the spec labels', () => {
    expect(LAYOUTS.map((l) => l.label)).toEqual(['4x5', '6x4', 'TOP 10 (2x5)', 'CUSTOM']);
    expect(CUSTOM_DEFAULT).toBe(30);
    expect(isLayoutId('2x5')).toBe(true);
    expect(isLayoutId('3x3')).toBe(false);
  });
});

describe('canSwap (docs/choices.md 4)', () => {
  it('lets accounts with PRO features swap, and no one else', () => {
    expect(canSwap({ hasProFeatures: true })).toBe(true);
    expect(canSwap({ hasProFeatures: false })).toBe(false);
  });
});
