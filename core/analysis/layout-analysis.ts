import { analysisFromLabel } from './build-analysis.ts';
import { ANALYSIS_LOW_CONFIDENCE, ANALYSIS_UNSURE } from './confidence.ts';
import type { TFieldScores, TLayoutRead } from './label-layout.ts';
import type { TCardAnalysis, TFieldConfidence } from './types.ts';

/** How much each field counts toward the overall confidence; they sum to 1. */
const WEIGHTS: Record<keyof TFieldScores, number> = { year: 0.15, brand: 0.2, player: 0.25, cardNumber: 0.05, grade: 0.2, certNumber: 0.15 };
/** Fields a slab label always prints: one missing makes the read doubtful. */
const REQUIRED: readonly (keyof TFieldScores)[] = ['year', 'brand', 'player', 'grade', 'certNumber'];

const round = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 100) / 100;

/**
 * The analysis result for a label read by layout. Fields read with certainty under ANALYSIS_UNSURE
 * are emptied. Overall confidence is half the weakest required field and half the weighted mean,
 * lowered again in proportion for every required field under ANALYSIS_LOW_CONFIDENCE: one
 * doubtful field is enough to bring a read well below a fully sure one.
 */
export function analysisFromLayout(read: TLayoutRead): TCardAnalysis {
  const s = read.scores;
  const sure = (k: keyof TFieldScores) => s[k] >= ANALYSIS_UNSURE;
  const p = read.parsed;
  const kept = {
    ...p,
    year: sure('year') ? p.year : null,
    brand: sure('brand') ? p.brand : null,
    player: sure('player') ? p.player : null,
    cardNumber: sure('cardNumber') ? p.cardNumber : null,
    grade: sure('grade') ? p.grade : null,
    gradeName: sure('grade') ? p.gradeName : null,
    certNumber: sure('certNumber') ? p.certNumber : null,
  };
  const weighted = (Object.keys(WEIGHTS) as (keyof TFieldScores)[]).reduce((acc, k) => acc + WEIGHTS[k] * (sure(k) ? s[k] : 0), 0);
  const weakest = Math.min(...REQUIRED.map((k) => (sure(k) ? s[k] : 0)));
  const fieldConfidence: TFieldConfidence = {
    player: round(kept.player ? s.player : 0),
    year: round(kept.year ? s.year : 0),
    brand: round(kept.brand ? s.brand : 0),
    cardName: round(kept.cardNumber ? s.cardNumber : kept.variety ? 0.5 : 0),
    condition: round(kept.grade ? s.grade : 0),
    certNumber: round(kept.certNumber ? s.certNumber : 0),
  };
  const doubt = REQUIRED.reduce((acc, k) => acc * Math.min(1, (sure(k) ? s[k] : 0) / ANALYSIS_LOW_CONFIDENCE), 1);
  return { ...analysisFromLabel(kept), confidence: round((0.5 * weakest + 0.5 * weighted) * doubt), fieldConfidence };
}

/**
 * The analysis of a label read whose cert its barcode gave: the cert certain (score 1), the label
 * PSA's (the barcode is read on PSA's red-framed labels), the rest as read.
 */
export function analysisWithBarcodeCert(read: TLayoutRead, cert: string): TCardAnalysis {
  const parsed = { ...read.parsed, certNumber: cert, grader: read.parsed.grader ?? 'PSA' };
  return { ...analysisFromLayout({ ...read, parsed, scores: { ...read.scores, certNumber: 1 } }), certFromBarcode: true };
}
