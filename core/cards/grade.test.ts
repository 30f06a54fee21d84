import { describe, expect, it } from 'vitest';
import { conditionOf, parseGradeText, shortGrade } from './grade.ts';
import { certProblem, dateProblem, normalizeCert, readGradeNumber, yearProblem } from './rules.ts';

describe('reading a grade text', () => {
  it('reads the grade however the apps and labels write it', () => {
    const read = (t: string) => parseGradeText(t);
    expect(read('PSA 10 GEM MT')).toEqual({ grader: 'PSA', grade: 10, qualifier: null, autographGrade: null });
    expect(read('GEM MT 10')).toEqual({ grader: null, grade: 10, qualifier: null, autographGrade: null });
    expect(read('PSA 10.0 GEM - MT')).toMatchObject({ grader: 'PSA', grade: 10 });
    expect(read('BGS 9.5 GEM MINT')).toMatchObject({ grader: 'BGS', grade: 9.5 });
    expect(read('Beckett 9.5')).toMatchObject({ grader: 'BGS', grade: 9.5 });
    expect(read('SGC 9')).toMatchObject({ grader: 'SGC', grade: 9 });
    expect(read('MINT 9 (OC)')).toEqual({ grader: null, grade: 9, qualifier: 'OC', autographGrade: null });
    expect(read('PSA AUTHENTIC / AUTO 10')).toEqual({ grader: 'PSA', grade: null, qualifier: 'Authentic', autographGrade: 10 });
    expect(read('BGS 10 BLACK LABEL')).toMatchObject({ grader: 'BGS', grade: 10, qualifier: 'Black Label' });
    expect(read('Ungraded')).toMatchObject({ grader: 'raw', grade: null });
    expect(read('HGA 9.5')).toMatchObject({ grader: 'other', grade: 9.5 });
  });

  it('never takes a year, a serial or a cert for a grade', () => {
    expect(parseGradeText('1991 Fleer 13/25 Cert 12345678').grade).toBeNull();
    expect(parseGradeText('PSA 11').grade).toBeNull();
  });
});

describe('writing a condition', () => {
  it("writes the grader's own words, qualifiers, autographs and raw cards", () => {
    expect(conditionOf({ grader: 'PSA', grade: 10, qualifier: null, autographGrade: null })).toBe('PSA 10 GEM MT');
    expect(conditionOf({ grader: 'BGS', grade: 9.5, qualifier: null, autographGrade: null })).toBe('BGS 9.5 GEM MINT');
    expect(conditionOf({ grader: 'PSA', grade: 9, qualifier: 'OC', autographGrade: null })).toBe('PSA 9 MINT (OC)');
    expect(conditionOf({ grader: 'PSA', grade: null, qualifier: 'Authentic', autographGrade: 10 })).toBe('PSA AUTHENTIC / AUTO 10');
    expect(conditionOf({ grader: 'other', grade: 8, qualifier: null, autographGrade: null })).toBe('8');
    expect(conditionOf({ grader: 'raw', grade: null, qualifier: 'Near Mint', autographGrade: null })).toBe('Raw · Near Mint');
    expect(conditionOf({ grader: null, grade: null, qualifier: null, autographGrade: null })).toBe('');
    expect(shortGrade({ grader: 'SGC', grade: 9.5 })).toBe('SGC 9.5');
  });
});

describe('field rules', () => {
  it('keeps leading zeros of a cert and holds PSA to 7-9 digits', () => {
    expect(normalizeCert(' Cert #0012345678 ')).toBe('0012345678');
    expect(normalizeCert('#12 345 678')).toBe('12345678');
    expect(certProblem('01234567', 'PSA')).toBeNull();
    expect(certProblem('0012345678', 'PSA')).toBe('A PSA cert number is 7 to 9 digits');
    expect(certProblem('0012345678', 'BGS')).toBeNull();
    expect(certProblem('1234567-001', 'SGC')).toBeNull();
    expect(certProblem('12AB5678', null)).toBe('A cert number is 7 to 10 digits');
    expect(certProblem('12345678', 'raw')).toBe('A raw card has no cert number');
  });

  it('reads years, seasons, half grades and calendar dates', () => {
    expect([yearProblem('2018'), yearProblem('2018-19'), yearProblem('2018-2019')]).toEqual([null, null, null]);
    expect(yearProblem('18')).not.toBeNull();
    expect([readGradeNumber('9.5'), readGradeNumber('10.0'), readGradeNumber('9.3'), readGradeNumber('0'), readGradeNumber('ten')]).toEqual([
      9.5,
      10,
      null,
      null,
      null,
    ]);
    expect([dateProblem('2025-11-20'), dateProblem('2025-02-30'), dateProblem('11/20/2025')]).toEqual([
      null,
      'Not a date in the calendar',
      'A date is written YYYY-MM-DD',
    ]);
  });
});
