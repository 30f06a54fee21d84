import type { TParsedLabel } from './types.ts';

/** A field read with less certainty than this is left empty for the user to fill, not guessed. */
export const ANALYSIS_UNSURE = 0.5;
/** Fields read with less certainty than this are filled but marked for the user to check. */
export const ANALYSIS_LOW_CONFIDENCE = 0.8;

/** How much each field of a slab label counts toward confidence; they sum to 1. */
export const FIELD_WEIGHTS = {
  grader: 0.1,
  year: 0.15,
  brand: 0.15,
  player: 0.2,
  grade: 0.2,
  certNumber: 0.1,
  cardNumber: 0.1,
} as const;

/**
 * The share of a slab label that was read, weighted by field (0..1, two decimals). A field read
 * only partly counts partly: a grader deduced from wording, an unknown brand, a one-word player,
 * a grade whose wording and number were not both read. Junk text scores near 0; a fully read
 * label scores 1. The variety is not counted: many cards have none.
 */
export function labelConfidence(p: TParsedLabel): number {
  const parts: Record<keyof typeof FIELD_WEIGHTS, number> = {
    grader: p.grader ? (p.graderInferred ? 0.5 : 1) : 0,
    year: p.year ? 1 : 0,
    brand: p.brand ? (p.brandKnown ? 1 : 0.6) : 0,
    player: p.player ? (p.player.includes(' ') ? 1 : 0.6) : 0,
    grade: p.grade ? (p.gradeCertain ? 1 : 0.5) : 0,
    certNumber: p.certNumber ? 1 : 0,
    cardNumber: p.cardNumber ? 1 : 0,
  };
  const sum = (Object.keys(FIELD_WEIGHTS) as (keyof typeof FIELD_WEIGHTS)[]).reduce((acc, k) => acc + FIELD_WEIGHTS[k] * parts[k], 0);
  return Math.round(Math.min(1, Math.max(0, sum)) * 100) / 100;
}
