import { describe, expect, it } from 'vitest';
import { analysisFromLabel, certificationUrlFor, formatCondition, gradeDetailsFor } from './build-analysis.ts';
import { parseLabel } from './parse-label.ts';
import { ZCardAnalysis } from './types.ts';

describe('formatCondition', () => {
  it.each([
    [{ grader: 'PSA', grade: '10', gradeName: 'GEM MT' }, 'PSA 10 GEM MT'],
    [{ grader: 'BGS', grade: '9.5', gradeName: 'GEM MINT' }, 'BGS 9.5 GEM MINT'],
    [{ grader: 'SGC', grade: '9', gradeName: 'MINT' }, 'SGC 9 MINT'],
    [{ grader: 'PSA', grade: '9', gradeName: 'MINT', qualifier: 'OC' }, 'PSA 9 MINT (OC)'],
    [{ grader: 'PSA', grade: 'AUTHENTIC', gradeName: 'AUTHENTIC', autoGrade: '10' }, 'PSA AUTHENTIC / AUTO 10'],
    [{ grader: null, grade: '8', gradeName: 'NM-MT' }, '8 NM-MT'],
    [{ grader: 'PSA', grade: null, gradeName: null }, null],
  ] as const)('%o -> %s', (parts, expected) => {
    expect(formatCondition(parts)).toBe(expected);
  });
});

describe('gradeDetailsFor', () => {
  it('describes a grade in the grader’s wording', () => {
    expect(gradeDetailsFor({ grader: 'PSA', grade: '10', gradeName: 'GEM MT' })).toEqual({
      name: 'GEM MT',
      description: expect.stringMatching(/^Gem Mint: a virtually perfect card/),
    });
    expect(gradeDetailsFor({ grader: 'BGS', grade: '9.5', gradeName: null })?.name).toBe('GEM MINT');
    expect(gradeDetailsFor({ grader: 'SGC', grade: '8.5', gradeName: null })?.name).toBe('NM/MT+');
  });

  it('explains a qualifier and an autograph grade', () => {
    const d = gradeDetailsFor({ grader: 'PSA', grade: '9', gradeName: 'MINT', qualifier: 'OC', autoGrade: '10' });
    expect(d?.description).toMatch(/off-center/);
    expect(d?.description).toMatch(/Autograph graded 10/);
  });

  it('is null without a grade', () => {
    expect(gradeDetailsFor({ grader: 'PSA', grade: null, gradeName: null })).toBeNull();
  });
});

describe('certificationUrlFor', () => {
  it('links PSA certs only', () => {
    expect(certificationUrlFor('PSA', '12345678')).toBe('https://www.psacard.com/cert/12345678');
    expect(certificationUrlFor('BGS', '0012345678')).toBeNull();
    expect(certificationUrlFor('PSA', null)).toBeNull();
  });
});

describe('analysisFromLabel', () => {
  it('always satisfies ZCardAnalysis and is never PSA-verified on its own', () => {
    for (const text of ['', 'junk', 'PSA\n2018 TOPPS CHROME #193\nSHOHEI OHTANI\nGEM MT 10\n12345678']) {
      const a = analysisFromLabel(parseLabel(text));
      expect(ZCardAnalysis.parse(a)).toEqual(a);
      expect(a.psaVerified).toBe(false);
    }
  });
});

describe('a qualified grade and a cert read from a label', () => {
  it('are in the answer and kept on the card saved from it', async () => {
    const { cardDataFromAnalysis } = await import('../cards/from-analysis.ts');
    const a = analysisFromLabel(parseLabel('1954 TOPPS\nED MATHEWS\nGRAY BACK\n#30\nVG 3 (MK)\n07312345'));
    expect(a).toMatchObject({ grade: '3', qualifier: 'MK', condition: 'PSA 3 VG (MK)', certNumber: '07312345' });
    expect(cardDataFromAnalysis(a)).toMatchObject({ grader: 'PSA', grade: 3, qualifier: 'MK', certNumber: '07312345', subject: 'Ed Mathews' });
  });
});
