import { describe, expect, it } from 'vitest';
import { autofillFromAnalysis, collectionFieldsFromAnalysis } from './autofill.ts';

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
