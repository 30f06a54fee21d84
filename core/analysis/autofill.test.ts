import { describe, expect, it } from 'vitest';
import { autofillFromAnalysis, collectionFieldsFromAnalysis, doubtfulAutofill } from './autofill.ts';

describe('autofillFromAnalysis (spec §5)', () => {
  const full = { player: 'Shohei Ohtani', year: '2018', brand: 'Topps Chrome', cardName: 'Refractor #193', condition: 'PSA 10 GEM MT' };

  it('titles the card year, brand, player, then the card name', () => {
    expect(autofillFromAnalysis(full)).toEqual({
      title: '2018 Topps Chrome Shohei Ohtani Refractor #193',
      description: 'PSA 10 GEM MT',
    });
  });

  it('leaves the card name out when there is none', () => {
    expect(autofillFromAnalysis({ ...full, cardName: null }).title).toBe('2018 Topps Chrome Shohei Ohtani');
  });

  it.each(['player', 'year', 'brand'] as const)('sets no title without %s', (field) => {
    const out = autofillFromAnalysis({ ...full, [field]: null });
    expect(out).not.toHaveProperty('title');
    expect(out.description).toBe('PSA 10 GEM MT');
  });

  it('treats blank text as missing and trims what it keeps', () => {
    expect(autofillFromAnalysis({ ...full, brand: '   ' })).not.toHaveProperty('title');
    expect(autofillFromAnalysis({ ...full, player: '  Mike   Trout ', cardName: '' }).title).toBe('2018 Topps Chrome Mike Trout');
  });

  it('sets no description without a condition, and nothing at all from an empty analysis', () => {
    expect(autofillFromAnalysis({ ...full, condition: null })).not.toHaveProperty('description');
    expect(autofillFromAnalysis({})).toEqual({});
  });
});

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

describe('doubtfulAutofill (issue #10: low-confidence fields are marked)', () => {
  const full = { player: 'Shohei Ohtani', year: '2018', brand: 'Topps Chrome', cardName: 'Refractor #193', condition: 'PSA 10 GEM MT' };
  const sure = { player: 0.97, year: 0.99, brand: 0.95, cardName: 0.9, condition: 0.98, certNumber: 1 };

  it('marks nothing when every field is sure, or when the analyzer gives no per-field confidence', () => {
    expect(Object.values(doubtfulAutofill({ ...full, fieldConfidence: sure })).some(Boolean)).toBe(false);
    expect(Object.values(doubtfulAutofill(full)).some(Boolean)).toBe(false);
  });

  it('marks the title when a part of it is doubtful, and the description when the condition is', () => {
    expect(doubtfulAutofill({ ...full, fieldConfidence: { ...sure, brand: 0.62 } })).toMatchObject({ title: true, brand: true, description: false });
    expect(doubtfulAutofill({ ...full, fieldConfidence: { ...sure, condition: 0.55 } })).toMatchObject({ title: false, description: true, condition: true });
  });

  it('does not mark a field that was left empty', () => {
    expect(doubtfulAutofill({ ...full, player: null, fieldConfidence: { ...sure, player: 0 } })).toMatchObject({ title: false, player: false });
  });
});
