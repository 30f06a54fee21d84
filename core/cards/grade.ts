/**
 * Grades as text, both ways: reading a grade however an app or a label writes it ('PSA 10 GEM MT',
 * 'GEM MT 10', 'PSA 10.0 GEM - MT', 'BGS 9.5', 'MINT 9 (OC)', 'AUTHENTIC', 'Ungraded') into the
 * card's fields, and writing the fields as the condition collectors read ('PSA 10 GEM MT').
 */
import { formatCondition } from '../analysis/build-analysis.ts';
import { levelForGrade, nameOf } from '../analysis/grade-scale.ts';
import type { TGrader } from '../analysis/types.ts';
import type { TCardData, TCardGrader } from './card-data.ts';
import { gradeText, readGradeNumber } from './rules.ts';

/** The grade fields read from a text; null where the text does not say. */
export type TGradeRead = Pick<TCardData, 'grader' | 'grade' | 'qualifier' | 'autographGrade'>;

/** Grader names and the grader each stands for (Beckett's older labels are BGS; CSG is CGC's). */
const GRADER_WORDS: readonly (readonly [RegExp, TCardGrader])[] = [
  [/\bPSA\b/, 'PSA'],
  [/\b(BGS|BECKETT|BVG|BCCG)\b/, 'BGS'],
  [/\bSGC\b/, 'SGC'],
  [/\b(CGC|CSG)\b/, 'CGC'],
  [/\b(HGA|TAG|GMA|KSA|ISA|MNT|ACE|AGS|PGI|ARK|GAI)\b/, 'other'],
  [/\b(UNGRADED|RAW)\b/, 'raw'],
];
const AUTO = /\bAUTO(?:GRAPH)?(?:\s*GRADE)?\s*[:-]?\s*(10|[1-9](?:\.[05])?)(?![\d.])/;
const PSA_QUALIFIER = /\b(OC|ST|PD|OF|MK|MC)\b/;
const NUMBER = /(?<![\d./])(10|[1-9])(?:\.([05]))?(?![\d/])/;

/** Reads the grade fields of a grade text; fields it does not find are null. */
export function parseGradeText(text: string): TGradeRead {
  let t = ` ${text.toUpperCase()} `;
  const grader = GRADER_WORDS.find(([re]) => re.test(t))?.[1] ?? null;
  for (const [re] of GRADER_WORDS) t = t.replace(new RegExp(re.source, 'g'), ' ');
  const auto = AUTO.exec(t);
  if (auto) t = t.replace(auto[0], ' ');
  const qualifier = PSA_QUALIFIER.exec(t)?.[1] ?? (/\bBLACK LABEL\b/.test(t) ? 'Black Label' : null) ?? (/\bAUTH(ENTIC)?\b/.test(t) ? 'Authentic' : null);
  const number = NUMBER.exec(t);
  return {
    grader,
    grade: number ? readGradeNumber(`${number[1]}${number[2] ? `.${number[2]}` : ''}`) : null,
    qualifier,
    autographGrade: auto?.[1] ? readGradeNumber(auto[1]) : null,
  };
}

const ANALYSIS_GRADERS: ReadonlySet<string> = new Set(['PSA', 'BGS', 'SGC', 'CGC']);
const isAnalysisGrader = (g: TCardGrader | null): g is TGrader => g !== null && ANALYSIS_GRADERS.has(g);

/**
 * The condition a card's grade fields make: 'PSA 10 GEM MT', 'BGS 9.5 GEM MINT', 'PSA 9 MINT (OC)',
 * 'PSA AUTHENTIC / AUTO 10', 'Raw', 'Raw · Near Mint'; '' when no grade field is set.
 */
export function conditionOf(d: TGradeRead): string {
  if (d.grader === 'raw') return ['Raw', d.qualifier].filter(Boolean).join(' · ');
  const grader = isAnalysisGrader(d.grader) ? d.grader : null;
  const authentic = d.grade === null && d.qualifier !== null && /^auth/i.test(d.qualifier);
  if (d.grade === null && !authentic) return [grader, d.qualifier].filter(Boolean).join(' ');
  const grade = d.grade === null ? 'AUTHENTIC' : gradeText(d.grade);
  const level = d.grade === null || d.grader === 'other' ? null : levelForGrade(grader, grade);
  return (
    formatCondition({
      grader,
      grade,
      gradeName: level ? nameOf(level, grader) : null,
      qualifier: authentic ? null : d.qualifier,
      autoGrade: d.autographGrade === null ? null : gradeText(d.autographGrade),
    }) ?? ''
  );
}

/** 'PSA 10', 'BGS 9.5', 'Raw': the short grade a placard shows; '' without one. */
export function shortGrade(d: Pick<TCardData, 'grader' | 'grade'>): string {
  if (d.grader === 'raw') return 'Raw';
  const grader = d.grader === 'other' ? '' : (d.grader ?? '');
  return [grader, d.grade === null ? '' : gradeText(d.grade)].filter(Boolean).join(' ');
}
