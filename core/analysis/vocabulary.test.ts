import { describe, expect, it } from 'vitest';
import { brandYears } from './vocabulary.ts';

describe('the years a label can print beside a set', () => {
  it("starts at the brand's first cards and ends with a short-run set's last", () => {
    expect(brandYears('TOPPS')).toEqual({ from: 1951, to: 9999 });
    expect(brandYears('TOPPS NOW')?.from).toBe(2016);
    expect(brandYears('E121 AMER.CARAMEL')).toEqual({ from: 1921, to: 1922 });
    expect(brandYears('M101-5 SPORT.NEWS')).toEqual({ from: 1916, to: 1916 });
    expect(brandYears('PLAY BALL')).toEqual({ from: 1939, to: 1941 });
    expect(brandYears('SOME REGIONAL ISSUE')).toBeNull();
  });
});
