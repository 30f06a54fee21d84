import { describe, expect, it } from 'vitest';
import { analysisFromLabel } from './build-analysis.ts';
import { parseLabel } from './parse-label.ts';
import { mergePsaCert, psaCertMatches, type TPsaCert } from './psa-cert.ts';

const cert: TPsaCert = {
  certNumber: '12345678',
  year: '2018',
  brand: 'TOPPS CHROME',
  category: 'BASEBALL CARDS',
  cardNumber: '193',
  subject: 'SHOHEI OHTANI',
  variety: 'REFRACTOR',
  cardGrade: 'MINT 9 (OC)',
  autographGrade: null,
};
const read = (text: string) => analysisFromLabel(parseLabel(text));

describe('psaCertMatches', () => {
  it('accepts a record that agrees on any of year, surname or grade', () => {
    expect(psaCertMatches(read('PSA\n2018 TOPPS #1\nJOHN DOE\nGEM MT 10\n12345678'), cert)).toBe(true);
    expect(psaCertMatches(read('PSA\n12345678'), cert)).toBe(true);
  });

  it('rejects a record that contradicts every field read', () => {
    expect(psaCertMatches(read('PSA\n1986 FLEER #57\nMICHAEL JORDAN\nGEM MT 10\n12345678'), cert)).toBe(false);
  });
});

describe('mergePsaCert', () => {
  it('takes PSA’s record, qualifier included, and marks the result verified', () => {
    const merged = mergePsaCert(read('PSA\n2018 T0PPS CHROME\nSHOHEI OHTAN\nMINT 9\n12345678'), cert);
    expect(merged).toMatchObject({
      psaVerified: true,
      player: 'Shohei Ohtani',
      brand: 'Topps Chrome',
      sport: 'Baseball',
      cardName: 'Refractor #193',
      condition: 'PSA 9 MINT (OC)',
      certificationUrl: 'https://www.psacard.com/cert/12345678',
    });
    expect(merged.confidence).toBeGreaterThanOrEqual(0.95);
  });

  it('returns a contradicted read unverified and unchanged', () => {
    const a = read('PSA\n1986 FLEER #57\nMICHAEL JORDAN\nGEM MT 10\n12345678');
    expect(mergePsaCert(a, cert)).toEqual({ ...a, psaVerified: false });
  });
});
