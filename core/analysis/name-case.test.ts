import { describe, expect, it } from 'vitest';
import { displayCase } from './vocabulary.ts';

describe('names in display case (docs/choices.md 32)', () => {
  it('keeps known capitalisations', () => {
    expect(displayCase('LEBRON JAMES')).toBe('LeBron James');
    expect(displayCase('DEMAR DEROZAN')).toBe('DeMar DeRozan');
    expect(displayCase('LAMELO BALL')).toBe('LaMelo Ball');
  });

  it("keeps a label's lowercase token among capitals, and title-cases a label in mixed case (docs/choices.md 47 item 12)", () => {
    expect(displayCase('CHARIZARD ex')).toBe('Charizard ex');
    expect(displayCase('MEWTWO ex FULL ART')).toBe('Mewtwo ex Full Art');
    expect(displayCase('Shohei ohtani')).toBe('Shohei Ohtani');
  });

  it("capitalises Mc- and O'- names by rule", () => {
    expect(displayCase('CONNOR MCDAVID')).toBe('Connor McDavid');
    expect(displayCase("SHAQUILLE O'NEAL")).toBe("Shaquille O'Neal");
  });

  it('keeps codes of letters and digits in capitals, and ordinals and decades in small letters', () => {
    for (const [label, shown] of [
      ['PX3 DOUBLE HEADER', 'PX3 Double Header'],
      ['POKEMON CBB3', 'Pokemon CBB3'],
      ['T206 PIEDMONT', 'T206 Piedmont'],
      ['M101-5 SPORT.NEWS', 'M101-5 Sport.news'],
      ['P.M. JAPANESE 1ST ED.', 'P.M. Japanese 1st Ed.'],
      ['1990S STARS', '1990s Stars'],
    ] as const) {
      expect(displayCase(label)).toBe(shown);
    }
  });

  it('title-cases every other name, hyphenated parts included', () => {
    expect(displayCase('SHOHEI OHTANI')).toBe('Shohei Ohtani');
    expect(displayCase('SHAI GILGEOUS-ALEXANDER')).toBe('Shai Gilgeous-Alexander');
    expect(displayCase('KEN GRIFFEY JR.')).toBe('Ken Griffey Jr.');
  });
});
