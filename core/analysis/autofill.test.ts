import { describe, expect, it } from 'vitest';
import { cardAutofill, collectionFieldsFromAnalysis, doubtfulAutofill } from './autofill.ts';
import { NO_CARD_DATA } from '../cards/card-data.ts';

describe('collectionFieldsFromAnalysis', () => {
  it('maps the four anonymous-collection fields, blank for what was not read', () => {
    expect(collectionFieldsFromAnalysis({ player: 'Luka Doncic', year: '2018-19', brand: null, condition: 'PSA 10 GEM MT' })).toEqual({
      player: 'Luka Doncic',
      year: '2018-19',
      brand: '',
      condition: 'PSA 10 GEM MT',
    });
  });
});

describe('doubtfulAutofill (docs/choices.md 28: low-confidence fields are marked)', () => {
  const full = { player: 'Shohei Ohtani', year: '2018', brand: 'Topps Chrome', cardName: 'Refractor #193', condition: 'PSA 10 GEM MT' };
  const sure = { player: 0.97, year: 0.99, brand: 0.95, cardName: 0.9, condition: 0.98, certNumber: 1 };

  it('marks nothing when every field is sure, or when the analyzer gives no per-field confidence', () => {
    expect(Object.values(doubtfulAutofill({ ...full, fieldConfidence: sure })).some(Boolean)).toBe(false);
    expect(Object.values(doubtfulAutofill(full)).some(Boolean)).toBe(false);
  });

  it('marks each doubtful field, the cert included', () => {
    expect(doubtfulAutofill({ ...full, fieldConfidence: { ...sure, brand: 0.62 } })).toEqual({
      player: false,
      year: false,
      brand: true,
      condition: false,
      certNumber: false,
    });
    expect(doubtfulAutofill({ ...full, certNumber: '12345678', fieldConfidence: { ...sure, certNumber: 0.6 } })).toMatchObject({ certNumber: true });
  });

  it('does not mark a field that was left empty', () => {
    expect(doubtfulAutofill({ ...full, player: null, fieldConfidence: { ...sure, player: 0 } })).toMatchObject({ player: false });
  });
});

describe('cardAutofill (the gallery form, docs/choices.md 39)', () => {
  const card = {
    ...NO_CARD_DATA,
    subject: 'Shohei Ohtani',
    year: '2018',
    set: 'Topps Chrome',
    cardNumber: '193',
    variety: 'Refractor',
    grader: 'PSA' as const,
    grade: 10,
    certNumber: '12345678',
  };

  it('fills each input the analysis read, and marks those its confidence doubts', () => {
    const { fill, doubtful } = cardAutofill(card, { player: 0.95, year: 0.99, brand: 0.9, cardName: 0.6, condition: 0.7, certNumber: 1 });
    expect(fill).toEqual({
      subject: 'Shohei Ohtani',
      year: '2018',
      set: 'Topps Chrome',
      cardNumber: '193',
      variety: 'Refractor',
      grader: 'PSA',
      grade: '10',
      certNumber: '12345678',
    });
    expect([...doubtful].sort()).toEqual(['cardNumber', 'grade', 'grader', 'variety']);
    expect(cardAutofill(card).doubtful.size).toBe(0);
  });
});
