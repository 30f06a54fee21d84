import { labelConfidence } from './confidence.ts';
import { describeGrade, levelForGrade, levelForName, nameOf } from './grade-scale.ts';
import type { TCardAnalysis, TGradeDetails, TGrader, TParsedLabel } from './types.ts';

/** The grade fields that make up a condition. */
export interface TGradeParts {
  grader: TGrader | null;
  grade: string | null;
  gradeName: string | null;
  qualifier?: string | null;
  autoGrade?: string | null;
}

/** 'PSA 10 GEM MT', 'BGS 9.5 GEM MINT', 'PSA 9 MINT (OC)', 'PSA AUTHENTIC / AUTO 10'; null without a grade. */
export function formatCondition(p: TGradeParts): string | null {
  if (!p.grade) return null;
  const core = p.grade === 'AUTHENTIC' ? [p.grader, 'AUTHENTIC'] : [p.grader, p.grade, p.gradeName];
  const text = core.filter(Boolean).join(' ');
  return `${text}${p.qualifier ? ` (${p.qualifier})` : ''}${p.autoGrade ? ` / AUTO ${p.autoGrade}` : ''}`;
}

/** The grader's wording and a plain-English description of the grade; null without a grade. */
export function gradeDetailsFor(p: TGradeParts): TGradeDetails | null {
  if (!p.grade) return null;
  const level = (p.gradeName && levelForName(p.gradeName)) || levelForGrade(p.grader, p.grade);
  if (!level) return null;
  const auto = p.autoGrade ? ` Autograph graded ${p.autoGrade}.` : '';
  return {
    name: p.gradeName ?? nameOf(level, p.grader),
    description: `${describeGrade(level, p.grade, p.qualifier ?? null)}${auto}`,
  };
}

/** PSA's public cert page for a PSA cert number; null for other graders (no stable public URL). */
export function certificationUrlFor(grader: TGrader | null, cert: string | null): string | null {
  return grader === 'PSA' && cert && /^\d+$/.test(cert) ? `https://www.psacard.com/cert/${cert}` : null;
}

/** 'Refractor #193', '#193', 'Refractor'; null when neither part is known. */
export function cardNameOf(variety: string | null, cardNumber: string | null): string | null {
  return [variety, cardNumber ? `#${cardNumber}` : null].filter(Boolean).join(' ') || null;
}

/**
 * The card analysis result for a parsed label. `psaVerified` is always false here: only a check
 * against PSA may set it. Confidence is the label's read share (see labelConfidence).
 */
export function analysisFromLabel(p: TParsedLabel): TCardAnalysis {
  const parts: TGradeParts = p;
  return {
    player: p.player,
    sport: p.sport,
    year: p.year,
    brand: p.brand,
    cardName: cardNameOf(p.variety, p.cardNumber),
    condition: formatCondition(parts),
    confidence: labelConfidence(p),
    psaVerified: false,
    gradeDetails: gradeDetailsFor(parts),
    psaCertNumber: p.grader === 'PSA' ? p.certNumber : null,
    certificationUrl: certificationUrlFor(p.grader, p.certNumber),
    grader: p.grader,
    grade: p.grade,
    cardNumber: p.cardNumber,
    variety: p.variety,
    certNumber: p.certNumber,
    subgrades: p.subgrades,
    autoGrade: p.autoGrade,
    qualifier: p.qualifier,
  };
}
