import { describe, expect, it } from 'vitest';
import { cardDataFromAnalysis } from './from-analysis.ts';
import { cardDataFromText } from './from-text.ts';
import { changedCardData, cardForm, readCardForm } from './form.ts';
import { NO_CARD_DATA } from './card-data.ts';
import { deriveTitle } from './title.ts';

describe('fields read from the text of cards made before them', () => {
  it("reads the description's grade and cert, and a title the fields remake exactly", () => {
    const d = cardDataFromText('2018 Topps Chrome Shohei Ohtani #193', 'PSA 10 GEM MT • Cert #12345678', false);
    expect(d).toMatchObject({
      year: '2018',
      set: 'Topps Chrome',
      subject: 'Shohei Ohtani',
      cardNumber: '193',
      grader: 'PSA',
      grade: 10,
      certNumber: '12345678',
      notes: null,
    });
    expect(deriveTitle(d)).toBe('2018 Topps Chrome Shohei Ohtani #193');
  });

  it('keeps a free title whole as the subject, and unknown description text as notes', () => {
    const d = cardDataFromText('Already here', 'Nice corners • BGS 9.5 • Cert No. 0012345678', false);
    expect(d).toMatchObject({ subject: 'Already here', year: null, grader: 'BGS', grade: 9.5, certNumber: '0012345678', notes: 'Nice corners' });
    expect(cardDataFromText('2003 Upper Deck LeBron James', '', false)).toMatchObject({ year: '2003', set: 'Upper Deck', subject: 'LeBron James' });
    expect(cardDataFromText('Weird 2018 thing', '', false)).toMatchObject({ subject: 'Weird 2018 thing', year: null });
  });

  it("reads a transferred card's 'player year' title and 'brand • condition' description (docs/product.md §3)", () => {
    expect(cardDataFromText('Shohei Ohtani 2018', 'Topps Chrome • PSA 10 GEM MT', true)).toMatchObject({
      subject: 'Shohei Ohtani',
      year: '2018',
      set: 'Topps Chrome',
      grader: 'PSA',
      grade: 10,
    });
    expect(cardDataFromText('Unknown Card', '', true)).toEqual(NO_CARD_DATA);
  });

  it('moves a cert that breaks the rules to the notes instead of the cert', () => {
    expect(cardDataFromText('Card', 'PSA 9 • Cert #1234', false)).toMatchObject({ certNumber: null, notes: 'Cert #1234' });
  });
});

describe('fields from an analysis', () => {
  it('keeps every field read, the cert included, and leaves out a cert that breaks the rules', () => {
    const d = cardDataFromAnalysis({
      player: 'Shohei Ohtani',
      year: '2018',
      brand: 'Topps Chrome',
      cardNumber: '#193',
      variety: 'Refractor',
      sport: 'Baseball',
      grader: 'PSA',
      grade: '9',
      condition: 'PSA 9 MINT (OC)',
      certNumber: '12345678',
      autoGrade: null,
      subgrades: null,
    });
    expect(d).toMatchObject({
      subject: 'Shohei Ohtani',
      set: 'Topps Chrome',
      cardNumber: '193',
      grader: 'PSA',
      grade: 9,
      qualifier: 'OC',
      certNumber: '12345678',
    });
    expect(cardDataFromAnalysis({ grader: 'PSA', certNumber: '0012345678' }).certNumber).toBeNull();
    expect(cardDataFromAnalysis({ cardName: 'Refractor #193' })).toMatchObject({ variety: 'Refractor', cardNumber: '193' });
    expect(cardDataFromAnalysis({ cardName: '#280' })).toMatchObject({ variety: null, cardNumber: '280' });
    expect(cardDataFromAnalysis({ grader: 'BGS', grade: '9.5', subgrades: { centering: '9.5', corners: '9', edges: '9.5', surface: null } }).subgrades).toEqual(
      { centering: 9.5, corners: 9, edges: 9.5, surface: null },
    );
  });
});

describe('the card form', () => {
  it('reads back what it was filled with', () => {
    const d = {
      ...NO_CARD_DATA,
      subject: 'Mew',
      year: '2021',
      grader: 'PSA' as const,
      grade: 8.5,
      certNumber: '01234567',
      costCents: 2550,
      acquiredOn: '2025-11-20',
    };
    const read = readCardForm(cardForm(d));
    expect(read.problems).toEqual({});
    expect(read.data).toEqual(d);
    expect(changedCardData(d, { ...d, grade: 9 })).toEqual({ grade: 9 });
  });

  it('names each input that breaks a rule', () => {
    const f = { ...cardForm(NO_CARD_DATA), grader: 'PSA' as const, certNumber: '12', year: '18', grade: '11', cost: 'lots', acquiredOn: '2025-13-01' };
    expect(Object.keys(readCardForm(f).problems).sort()).toEqual(['acquiredOn', 'certNumber', 'cost', 'grade', 'year']);
  });
});
