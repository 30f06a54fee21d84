import { describe, expect, it } from 'vitest';
import { displayCase } from './vocabulary.ts';

describe('names in display case (issue #12 item 10)', () => {
  it('keeps known capitalisations', () => {
    expect(displayCase('LEBRON JAMES')).toBe('LeBron James');
    expect(displayCase('DEMAR DEROZAN')).toBe('DeMar DeRozan');
    expect(displayCase('LAMELO BALL')).toBe('LaMelo Ball');
  });

  it("capitalises Mc- and O'- names by rule", () => {
    expect(displayCase('CONNOR MCDAVID')).toBe('Connor McDavid');
    expect(displayCase("SHAQUILLE O'NEAL")).toBe("Shaquille O'Neal");
  });

  it('title-cases every other name, hyphenated parts included', () => {
    expect(displayCase('SHOHEI OHTANI')).toBe('Shohei Ohtani');
    expect(displayCase('SHAI GILGEOUS-ALEXANDER')).toBe('Shai Gilgeous-Alexander');
    expect(displayCase('KEN GRIFFEY JR.')).toBe('Ken Griffey Jr.');
  });
});
