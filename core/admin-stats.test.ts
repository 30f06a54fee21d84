import { describe, expect, it } from 'vitest';
import { adminFigures, arpuCents, formatPercent, freeTierUtilization, freeUsers, type TStatsCounts } from './admin-stats.ts';
import { formatCents } from './format.ts';

const counts = (c: Partial<TStatsCounts>): TStatsCounts => ({
  totalUsers: 0,
  proUsers: 0,
  trialUsers: 0,
  proFeatureUsers: 0,
  totalCards: 0,
  freeUserCards: 0,
  ...c,
});

describe('admin figures (docs/product.md §9)', () => {
  it('$10 per PRO user; conversion, ARPU, cards per user and adoption over every account', () => {
    const f = adminFigures(counts({ totalUsers: 8, proUsers: 2, proFeatureUsers: 3, totalCards: 20, freeUserCards: 6 }));
    expect(f).toEqual({
      conversionRate: 0.25,
      monthlyRevenueCents: 2000,
      mrrCents: 2000,
      arpuCents: 250,
      averageCardsPerUser: 2.5,
      freeTierUtilization: 6 / 60,
      proTierAdoption: 3 / 8,
      pricePerProCents: 1000,
    });
  });

  it('free tier utilization assumes 10 cards per free user and stops at 100%', () => {
    expect(freeTierUtilization(counts({ totalUsers: 2, freeUserCards: 15 }))).toBe(0.75);
    expect(freeTierUtilization(counts({ totalUsers: 2, freeUserCards: 45 }))).toBe(1);
    expect(freeTierUtilization(counts({ totalUsers: 2, proUsers: 2 }))).toBe(0);
  });

  it('no users: every figure is 0, never NaN', () => {
    expect(Object.values(adminFigures(counts({}))).filter((v) => v !== 1000)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(freeUsers(counts({ totalUsers: 5, proUsers: 2 }))).toBe(3);
    expect(arpuCents(counts({ totalUsers: 3, proUsers: 1 }))).toBe(333);
  });

  it('formats as the dashboard shows', () => {
    expect(formatPercent(0.2667)).toBe('26.7%');
    expect(formatPercent(1)).toBe('100.0%');
    expect(formatCents(107000)).toBe('$1,070');
    expect(formatCents(266)).toBe('$2.66');
  });
});
