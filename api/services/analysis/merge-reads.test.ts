import { describe, expect, it } from 'vitest';
import type { TLayoutRead } from '../../../core/analysis/label-layout.ts';
import type { TParsedLabel } from '../../../core/analysis/types.ts';
import { mergeLayoutReads } from './merge-reads.ts';

const parsed = (over: Partial<TParsedLabel>): TParsedLabel => ({
  grader: 'PSA',
  graderInferred: false,
  year: null,
  brand: null,
  brandKnown: false,
  cardNumber: null,
  player: null,
  variety: null,
  sport: null,
  grade: null,
  gradeName: null,
  gradeCertain: false,
  qualifier: null,
  autoGrade: null,
  subgrades: null,
  certNumber: null,
  ...over,
});
const scores = (over: Partial<TLayoutRead['scores']>): TLayoutRead['scores'] => ({
  year: 0,
  brand: 0,
  player: 0,
  cardNumber: 0,
  grade: 0,
  certNumber: 0,
  ...over,
});

describe('two reads of one label made one', () => {
  it('takes each field from the read that is surer of it, the grade with its wording and qualifier', () => {
    const a: TLayoutRead = {
      parsed: parsed({ year: '1962', player: 'SANDY NOUFAX', grade: '6', gradeName: 'EX-MT', certNumber: '22063553' }),
      scores: scores({ year: 0.9, player: 0.3, grade: 0.2, certNumber: 0.7 }),
      byLayout: true,
    };
    const b: TLayoutRead = {
      parsed: parsed({ year: '1952', player: 'SANDY KOUFAX', grade: '2', gradeName: 'GOOD', qualifier: 'MK', certNumber: '22063558' }),
      scores: scores({ year: 0.6, player: 0.7, grade: 0.8, certNumber: 0.4 }),
      byLayout: false,
    };
    const m = mergeLayoutReads(a, b);
    expect(m.parsed).toMatchObject({ year: '1962', player: 'SANDY KOUFAX', grade: '2', gradeName: 'GOOD', qualifier: 'MK', certNumber: '22063553' });
    expect(m.scores).toMatchObject({ year: 0.9, player: 0.7, grade: 0.8, certNumber: 0.7 });
    expect(m.byLayout).toBe(true);
  });

  it("keeps a known player's name over a read near it that spells no name, with the surer score", () => {
    const a: TLayoutRead = { parsed: parsed({ player: 'John McGraw' }), scores: scores({ player: 0.44 }), byLayout: true };
    const b: TLayoutRead = { parsed: parsed({ player: 'John Megragv' }), scores: scores({ player: 0.5 }), byLayout: true };
    expect(mergeLayoutReads(a, b)).toMatchObject({ parsed: { player: 'John McGraw' }, scores: { player: 0.5 } });
    expect(mergeLayoutReads(b, a)).toMatchObject({ parsed: { player: 'John McGraw' }, scores: { player: 0.5 } });
    // A read far from the known name is weighed by its score as any field.
    const c: TLayoutRead = { parsed: parsed({ player: 'Gene Freese' }), scores: scores({ player: 0.6 }), byLayout: true };
    expect(mergeLayoutReads(a, c).parsed.player).toBe('Gene Freese');
  });

  it('keeps a field both looks read alike, raised by their agreement only to a doubtful certainty', () => {
    const a: TLayoutRead = { parsed: parsed({ brand: 'Dan-Dee' }), scores: scores({ brand: 0.4 }), byLayout: true };
    const b: TLayoutRead = { parsed: parsed({ brand: 'DAN-DEE' }), scores: scores({ brand: 0.35 }), byLayout: true };
    expect(mergeLayoutReads(a, b).scores.brand).toBeCloseTo(0.6);
    const sure: TLayoutRead = { parsed: parsed({ brand: 'Dan-Dee' }), scores: scores({ brand: 0.9 }), byLayout: true };
    expect(mergeLayoutReads(sure, b).scores.brand).toBe(0.9);
    // The grade both read alike keeps the surer read's wording.
    const pr: TLayoutRead = { parsed: parsed({ grade: '1', gradeName: 'PR' }), scores: scores({ grade: 0.3 }), byLayout: true };
    const prfr: TLayoutRead = { parsed: parsed({ grade: '1', gradeName: 'PR-FR' }), scores: scores({ grade: 0.8 }), byLayout: true };
    expect(mergeLayoutReads(pr, prfr).parsed.gradeName).toBe('PR-FR');
    expect(mergeLayoutReads(prfr, pr).parsed.gradeName).toBe('PR-FR');
  });
  it('keeps the card number one read has with characters more at its ends, kept but not sure by that alone', () => {
    const read = (cardNumber: string, score: number): TLayoutRead => ({
      parsed: parsed({ cardNumber }),
      scores: scores({ cardNumber: score }),
      byLayout: true,
    });
    expect(mergeLayoutReads(read('30', 0.95), read('308', 0.3))).toMatchObject({ parsed: { cardNumber: '308' }, scores: { cardNumber: 0.6 } });
    expect(mergeLayoutReads(read('104', 0.79), read('10', 0.95)).parsed.cardNumber).toBe('104');
    expect(mergeLayoutReads(read('228', 0.4), read('226', 0.7)).parsed.cardNumber).toBe('226');
    // A read that took in the line's other words is not a longer number: the surer read is kept.
    expect(mergeLayoutReads(read('193', 0.9), read('SE #193', 0.5)).parsed.cardNumber).toBe('193');
  });

  it('keeps a year within the years of the set kept, from the other read, else none', () => {
    const a: TLayoutRead = {
      parsed: parsed({ year: '1942', brand: 'TOPPS', brandKnown: true }),
      scores: scores({ year: 0.7, brand: 0.9 }),
      byLayout: true,
    };
    const b: TLayoutRead = { parsed: parsed({ year: '1962', brand: 'T0PPS' }), scores: scores({ year: 0.4, brand: 0.3 }), byLayout: true };
    const merged = mergeLayoutReads(a, b);
    expect([merged.parsed.year, merged.scores.year]).toEqual(['1962', 0.4]);
    const alone = mergeLayoutReads(a, { ...b, parsed: parsed({ year: '1932' }) });
    expect(alone.scores.year).toBe(0);
    // A set read too unsurely to be kept bounds nothing.
    const unsure = mergeLayoutReads({ ...a, scores: scores({ year: 0.7, brand: 0.3 }) }, { ...b, parsed: parsed({ year: '1932' }) });
    expect([unsure.parsed.year, unsure.scores.year]).toEqual(['1942', 0.7]);
  });

  it("keeps a year within a known player's seasons over one after his last, as its look read it", () => {
    const read = (year: string, score: number): TLayoutRead => ({
      parsed: parsed({ year, brand: 'TOPPS', brandKnown: true, player: 'PETE ROSE' }),
      scores: scores({ year: score, brand: 0.9, player: 0.7 }),
      byLayout: true,
    });
    expect(mergeLayoutReads(read('1995', 0.6), read('1965', 0.57)).parsed.year).toBe('1965');
    expect(mergeLayoutReads(read('1965', 0.57), read('1995', 0.6)).scores.year).toBe(0.57);
    // A year within read too unsurely to be kept does not replace it; nor does one when both are after.
    expect(mergeLayoutReads(read('1995', 0.6), read('1965', 0.3)).parsed.year).toBe('1995');
    expect(mergeLayoutReads(read('1995', 0.6), read('1997', 0.5)).parsed.year).toBe('1995');
    // An unknown player bounds nothing.
    const unknown = (year: string, score: number) => ({ ...read(year, score), parsed: { ...read(year, score).parsed, player: 'GRANT JACKSON' } });
    expect(mergeLayoutReads(unknown('1992', 0.6), unknown('1980', 0.55)).parsed.year).toBe('1992');
  });
});
