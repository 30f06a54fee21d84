import type { TGrader } from './types.ts';

/**
 * One step of the grading scale as the four graders word it. `grades` lists, per grader, the
 * numbers this wording stands for (first = usual one); `names` is each grader's own spelling.
 */
export interface TGradeLevel {
  key: string;
  aliases: readonly string[];
  grades: Partial<Record<TGrader, readonly string[]>>;
  names: Partial<Record<TGrader, string>> & { default: string };
  description: string;
  /** Descriptions that differ by number (GEM MINT is a 10 at PSA, a 9.5 at BGS). */
  byGrade?: Record<string, string>;
  /** Other wordings labels print for this level, kept as printed when read ('PR-FR' on PSA's older labels for a 1). */
  printed?: readonly string[];
}

const all = (g: string) => ({ PSA: [g], BGS: [g], SGC: [g], CGC: [g] });
const plus = (base: string) => `Rated a half grade above ${base}: the card shows qualities just beyond that level.`;

/** The scale, best first. GEM MINT precedes PRISTINE so an SGC or CGC 10 defaults to GEM MINT. */
export const GRADE_LEVELS: readonly TGradeLevel[] = [
  {
    key: 'GEM_MINT',
    aliases: ['GEM MT', 'GEM MINT'],
    grades: { PSA: ['10'], BGS: ['9.5'], SGC: ['10'], CGC: ['9.5', '10'] },
    names: { PSA: 'GEM MT', default: 'GEM MINT' },
    description:
      'Gem Mint: a virtually perfect card with four sharp corners, full original gloss, sharp focus and no staining; centering about 55/45 or better.',
    byGrade: { '9.5': 'Gem Mint: a near-flawless card; any imperfection is barely visible under close inspection.' },
  },
  {
    key: 'PRISTINE',
    aliases: ['PRISTINE'],
    grades: { BGS: ['10'], SGC: ['10'], CGC: ['10'] },
    names: { default: 'PRISTINE' },
    description: 'Pristine: flawless even under magnification, with perfect centering, corners, edges and surface.',
  },
  {
    key: 'MINT_PLUS',
    aliases: ['MINT+'],
    grades: { SGC: ['9.5'] },
    names: { default: 'MINT+' },
    description: 'Mint+: a near-flawless card just short of a 10, with at most one tiny imperfection.',
  },
  {
    key: 'MINT',
    aliases: ['MINT'],
    grades: all('9'),
    names: { default: 'MINT' },
    description: 'Mint: a superb card with only one minor flaw, such as a slight wax stain or a tiny printing imperfection.',
  },
  {
    key: 'NM_MT_PLUS',
    aliases: ['NM-MT+', 'NM-MINT+', 'NEAR MINT-MINT+'],
    grades: all('8.5'),
    names: { SGC: 'NM/MT+', CGC: 'NM/MINT+', default: 'NM-MT+' },
    description: plus('Near Mint-Mint'),
  },
  {
    key: 'NM_MT',
    aliases: ['NM-MT', 'NM-MINT', 'NEAR MINT-MINT'],
    grades: all('8'),
    names: { SGC: 'NM/MT', CGC: 'NM/MINT', default: 'NM-MT' },
    description: 'Near Mint-Mint: a high-end card with slight fraying at one or two corners or a minor printing imperfection.',
  },
  {
    key: 'NM_PLUS',
    aliases: ['NM+', 'NEAR MINT+'],
    grades: all('7.5'),
    names: { CGC: 'NEAR MINT+', default: 'NM+' },
    description: plus('Near Mint'),
  },
  {
    key: 'NM',
    aliases: ['NM', 'NEAR MINT'],
    grades: all('7'),
    names: { CGC: 'NEAR MINT', default: 'NM' },
    description: 'Near Mint: slight surface wear and slight fraying at some corners, visible on close inspection.',
  },
  {
    key: 'EX_MT_PLUS',
    aliases: ['EX-MT+', 'EX-NM+'],
    grades: all('6.5'),
    names: { SGC: 'EX/NM+', CGC: 'EX/NM+', default: 'EX-MT+' },
    description: plus('Excellent-Mint'),
  },
  {
    key: 'EX_MT',
    aliases: ['EX-MT', 'EX-NM'],
    grades: all('6'),
    names: { SGC: 'EX/NM', CGC: 'EX/NM', default: 'EX-MT' },
    description: 'Excellent-Mint: visible surface wear or a printing defect, slight fraying at corners and some loss of gloss.',
  },
  {
    key: 'EX_PLUS',
    aliases: ['EX+', 'EXCELLENT+'],
    grades: all('5.5'),
    names: { CGC: 'EXCELLENT+', default: 'EX+' },
    description: plus('Excellent'),
  },
  {
    key: 'EX',
    aliases: ['EX', 'EXCELLENT'],
    grades: all('5'),
    names: { CGC: 'EXCELLENT', default: 'EX' },
    description: 'Excellent: very minor rounding of the corners, light surface wear and some loss of gloss.',
  },
  {
    key: 'VG_EX_PLUS',
    aliases: ['VG-EX+'],
    grades: all('4.5'),
    names: { SGC: 'VG/EX+', CGC: 'VG/EX+', default: 'VG-EX+' },
    description: plus('Very Good-Excellent'),
  },
  {
    key: 'VG_EX',
    aliases: ['VG-EX'],
    grades: all('4'),
    names: { SGC: 'VG/EX', CGC: 'VG/EX', default: 'VG-EX' },
    description: 'Very Good-Excellent: slightly rounded corners, visible surface wear and light scuffing.',
  },
  {
    key: 'VG_PLUS',
    aliases: ['VG+', 'VERY GOOD+'],
    grades: all('3.5'),
    names: { CGC: 'VERY GOOD+', default: 'VG+' },
    description: plus('Very Good'),
  },
  {
    key: 'VG',
    aliases: ['VG', 'VERY GOOD'],
    grades: all('3'),
    names: { CGC: 'VERY GOOD', default: 'VG' },
    description: 'Very Good: some rounding of the corners, noticeable surface wear and possibly light creases.',
  },
  {
    key: 'GOOD_PLUS',
    aliases: ['GOOD+', 'G+'],
    grades: all('2.5'),
    names: { SGC: 'G+', default: 'GOOD+' },
    description: plus('Good'),
  },
  {
    key: 'GOOD',
    aliases: ['GOOD', 'G'],
    grades: all('2'),
    names: { SGC: 'G', default: 'GOOD' },
    description: 'Good: rounded corners, obvious surface wear and possible creases, yet some eye appeal.',
  },
  {
    key: 'FAIR',
    aliases: ['FAIR', 'FR'],
    grades: all('1.5'),
    names: { PSA: 'FR', default: 'FAIR' },
    description: 'Fair: extreme corner wear, heavy scuffing and possibly major creases, but the card is whole.',
  },
  {
    key: 'POOR',
    aliases: ['POOR', 'PR', 'PR-FR'],
    grades: all('1'),
    names: { PSA: 'PR', default: 'POOR' },
    printed: ['PR-FR'],
    description: "Poor: heavy wear that may include creases, missing pieces or damage to the card's integrity.",
  },
  {
    key: 'AUTHENTIC',
    aliases: ['AUTHENTIC', 'AUTH'],
    grades: { PSA: ['AUTHENTIC'], BGS: ['AUTHENTIC'], SGC: ['AUTHENTIC'], CGC: ['AUTHENTIC'] },
    names: { default: 'AUTHENTIC' },
    description: 'Authentic: the card is genuine and unaltered but was not given a numerical grade.',
  },
];

/** PSA qualifier codes and what they mean. */
export const QUALIFIERS: Readonly<Record<string, string>> = {
  OC: 'off-center',
  ST: 'staining',
  PD: 'print defect',
  OF: 'out of focus',
  MK: 'marks',
  MC: 'miscut',
};

/** The numbers `level` stands for with `grader`; with no grader, any grader's numbers (PSA's first). */
export function gradesOf(level: TGradeLevel, grader: TGrader | null): readonly string[] {
  if (grader) return level.grades[grader] ?? [];
  return [...new Set(Object.values(level.grades).flat())];
}

/** The grader's own wording for `level` ('GEM MT' at PSA, 'GEM MINT' elsewhere). */
export function nameOf(level: TGradeLevel, grader: TGrader | null): string {
  return (grader && level.names[grader]) || level.names.default;
}

/** The usual wording for a numeric grade at `grader` (PSA's scale when unknown), or null. */
export function levelForGrade(grader: TGrader | null, grade: string): TGradeLevel | null {
  return GRADE_LEVELS.find((l) => gradesOf(l, grader ?? 'PSA').includes(grade)) ?? null;
}

/** A short plain-English description of `grade` in `level`, plus the qualifier when there is one. */
export function describeGrade(level: TGradeLevel, grade: string | null, qualifier: string | null = null): string {
  const base = (grade && level.byGrade?.[grade]) || level.description;
  const q = qualifier ? QUALIFIERS[qualifier] : undefined;
  return q ? `${base} Qualified (${qualifier}): ${q}; otherwise meets this grade.` : base;
}

const squashName = (s: string) => s.toUpperCase().replace(/[\s\-/]+/g, '');

/** The level whose wording matches `name` (any alias, separators ignored), or null. */
export function levelForName(name: string): TGradeLevel | null {
  const wanted = squashName(name);
  return GRADE_LEVELS.find((l) => l.aliases.some((a) => squashName(a) === wanted) || Object.values(l.names).some((n) => squashName(n) === wanted)) ?? null;
}

/** The wording `name` as the label prints it when it is one of `level`'s printed wordings ('PR - FR' is 'PR-FR'), else the grader's own. */
export function labelNameOf(level: TGradeLevel, grader: TGrader | null, name: string): string {
  return level.printed?.find((w) => squashName(w) === squashName(name)) ?? nameOf(level, grader);
}
