import { describe, expect, it } from 'vitest';
import {
  alertRuleText,
  cardKey,
  choosePrice,
  countedCents,
  estimateNote,
  isStale,
  matchScore,
  profitTotals,
  realizedGainCents,
  roiPercent,
  searchQuery,
} from './prices.ts';

const PRICES = [
  { grader: null, grade: null, cents: 6000 },
  { grader: null, grade: 7, cents: 9000 },
  { grader: null, grade: 8, cents: 12000 },
  { grader: null, grade: 9, cents: 35000 },
  { grader: null, grade: 9.5, cents: 60000 },
  { grader: 'PSA', grade: 10, cents: 120000 },
  { grader: 'BGS', grade: 10, cents: 150000 },
];

describe('choosePrice', () => {
  it("takes the grader's own price, then any grader's at the grade", () => {
    expect(choosePrice({ grader: 'PSA', grade: 10 }, PRICES)).toEqual({ cents: 120000, label: 'PSA 10', estimatedFrom: null });
    expect(choosePrice({ grader: 'BGS', grade: 9.5 }, PRICES)).toEqual({ cents: 60000, label: 'Grade 9.5', estimatedFrom: null });
  });
  it('falls back to the nearest grade (the lower on a tie) and says so', () => {
    expect(choosePrice({ grader: 'PSA', grade: 8.5 }, PRICES)).toEqual({ cents: 12000, label: 'Grade 8', estimatedFrom: 8 });
    // SGC 10 has no price of its own; PSA's and BGS's 10s are other graders' figures.
    expect(choosePrice({ grader: 'SGC', grade: 10 }, PRICES)).toEqual({ cents: 60000, label: 'Grade 9.5', estimatedFrom: 9.5 });
    expect(choosePrice({ grader: 'PSA', grade: 3 }, PRICES)).toMatchObject({ cents: 9000, estimatedFrom: 7 });
    expect(estimateNote(9)).toBe('estimated from grade 9');
    expect(estimateNote(null)).toBeNull();
  });
  it('prices a raw card at the ungraded price; a graded card without a grade has none', () => {
    expect(choosePrice({ grader: 'raw', grade: null }, PRICES)).toEqual({ cents: 6000, label: 'Ungraded', estimatedFrom: null });
    expect(choosePrice({ grader: null, grade: null }, PRICES)?.cents).toBe(6000);
    expect(choosePrice({ grader: 'PSA', grade: null }, PRICES)).toBeNull();
    expect(choosePrice({ grader: 'PSA', grade: 9 }, [])).toBeNull();
  });
});

describe('staleness and which value counts', () => {
  const now = new Date('2026-12-10T12:00:00Z');
  it('is stale after 7 days', () => {
    expect(isStale('2026-12-03', now)).toBe(false);
    expect(isStale('2026-12-02', now)).toBe(true);
    expect(isStale(null, now)).toBe(false);
  });
  it("counts the card's choice, else the wall's; market without a price counts the own value", () => {
    expect(countedCents({ valueCents: 100, marketCents: 500 }, 'own')).toBe(100);
    expect(countedCents({ valueCents: 100, marketCents: 500 }, 'market')).toBe(500);
    expect(countedCents({ valueCents: 100, marketCents: 500, countsValue: 'own' }, 'market')).toBe(100);
    expect(countedCents({ valueCents: 100, marketCents: null, countsValue: 'market' }, 'own')).toBe(100);
  });
});

describe('P&L', () => {
  it('realized + unrealized = total gain, in integer cents', () => {
    const held = [
      { valueCents: 15000, costCents: 10000 },
      { valueCents: 3000, costCents: 4001 },
      { valueCents: 999, costCents: null },
    ];
    const sales = [
      { soldCents: 20000, feesCents: 2599, costCents: 12000 },
      { soldCents: 500, feesCents: 0, costCents: null },
    ];
    const t = profitTotals(held, sales);
    expect(t.unrealizedCents).toBe(3999);
    expect(t.realizedCents).toBe(5401 + 500);
    expect(t.totalGainCents).toBe(t.realizedCents + t.unrealizedCents);
    expect(Number.isInteger(t.totalGainCents)).toBe(true);
    expect(t.roiPercent).toBe(roiPercent(9900, 26001));
    expect(realizedGainCents({ soldCents: 100, feesCents: 10, costCents: 200 })).toBe(-110);
    expect(roiPercent(50, 0)).toBeNull();
  });
});

describe('matching', () => {
  const card = { year: '2018', set: 'Topps Chrome', cardNumber: '193', subject: 'Shohei Ohtani', variety: null };
  it('keys and queries a card by what it is', () => {
    expect(cardKey(card)).toBe('2018 topps chrome #193 shohei ohtani');
    expect(searchQuery(card)).toBe('Shohei Ohtani 2018 Topps Chrome #193');
  });
  it('scores the plain product above a variety the card does not name, and needs the number', () => {
    const plain = matchScore(card, { name: 'Shohei Ohtani #193', setName: 'Baseball Cards 2018 Topps Chrome' });
    const refractor = matchScore(card, { name: 'Shohei Ohtani [Refractor] #193', setName: 'Baseball Cards 2018 Topps Chrome' });
    expect(plain).toBe(1);
    expect(refractor).toBeLessThan(plain);
    expect(matchScore({ ...card, variety: 'Refractor' }, { name: 'Shohei Ohtani [Refractor] #193', setName: 'Baseball Cards 2018 Topps Chrome' })).toBe(1);
    expect(matchScore(card, { name: 'Shohei Ohtani #200', setName: 'Baseball Cards 2018 Topps Chrome' })).toBe(0);
  });
});

describe('alertRuleText', () => {
  it('says a rule as /account lists it', () => {
    expect(alertRuleText({ kind: 'above', thresholdCents: 400000, percent: null, days: null })).toBe('Above $4,000');
    expect(alertRuleText({ kind: 'below', thresholdCents: 90050, percent: null, days: null })).toBe('Below $900.50');
    expect(alertRuleText({ kind: 'move', thresholdCents: null, percent: 12.5, days: 30 })).toBe('Moves more than 12.5% in 30 days');
  });
});
