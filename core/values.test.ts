import { describe, expect, it } from 'vitest';
import { formatCents } from './format.ts';
import { formatValueText, parseValueCents, roundedMeanCents, totalCents, valueStats, valuedCount } from './values.ts';

describe('parseValueCents', () => {
  it.each([
    ['$1,250.50', 125050],
    ['1250.5', 125050],
    ['150', 15000],
    ['$150', 15000],
    [' $ 1,000 ', 100000],
    ['0', 0],
    ['$0.99', 99],
    ['.5', 50],
    ['12.', 1200],
    ['1,234,567.891', 123456789],
  ])('%j -> %d cents', (text, cents) => {
    expect(parseValueCents(text)).toBe(cents);
  });

  it.each(['', '   ', '$', 'n/a', 'about 200', '1.5k', '-3', '1e3', '12.3.4', 'Infinity', 'NaN'])('%j has no number', (text) => {
    expect(parseValueCents(text)).toBeNull();
  });

  it('treats null and undefined as no number', () => {
    expect(parseValueCents(null)).toBeNull();
    expect(parseValueCents(undefined)).toBeNull();
  });
});

describe('totals and averages', () => {
  it('sums parsed values and counts unparseable ones as 0', () => {
    expect(totalCents(['$100', 'n/a', '$1,250.50', ''])).toBe(135050);
    expect(valuedCount(['$100', 'n/a', '$1,250.50', ''])).toBe(2);
  });

  it('averages over every card, rounded to whole dollars', () => {
    expect(roundedMeanCents(['$100', '$101'])).toBe(10100); // 100.5 rounds up
    expect(roundedMeanCents(['$100', '$100', '$101'])).toBe(10000); // 100.33 rounds down
    expect(roundedMeanCents(['$300', 'unknown'])).toBe(15000); // the unvalued card counts as 0
  });

  it('is $0 with no cards', () => {
    expect(roundedMeanCents([])).toBe(0);
    expect(valueStats([])).toEqual({ count: 0, valued: 0, totalCents: 0, averageCents: 0 });
  });

  it('summarises in one pass', () => {
    expect(valueStats(['$150', '$1,250.50', 'tbd'])).toEqual({
      count: 3,
      valued: 2,
      totalCents: 140050,
      averageCents: 46700,
    });
  });
});

describe('formatting', () => {
  it('drops cents on whole dollars and keeps them otherwise', () => {
    expect(formatCents(0)).toBe('$0');
    expect(formatCents(125000)).toBe('$1,250');
    expect(formatCents(125050)).toBe('$1,250.50');
    expect(formatCents(5)).toBe('$0.05');
  });

  it('formats typed text only when it parses', () => {
    expect(formatValueText('1250.5')).toBe('$1,250.50');
    expect(formatValueText('ask me')).toBeNull();
  });
});
