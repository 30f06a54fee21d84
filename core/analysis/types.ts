import { z } from 'zod';

/** The grading companies whose slab labels Ratio reads. BGS is Beckett. */
export const ZGrader = z.enum(['PSA', 'BGS', 'SGC', 'CGC']);
export type TGrader = z.infer<typeof ZGrader>;

/** The grader's wording for a grade (e.g. 'GEM MT') and a short plain-English description. */
export const ZGradeDetails = z.object({
  name: z.string().min(1),
  description: z.string().min(1),
});
export type TGradeDetails = z.infer<typeof ZGradeDetails>;

/** BGS/CGC subgrades as printed on the label ('9.5', '10'); a missing one is null. */
export const ZSubgrades = z.object({
  centering: z.string().nullable(),
  corners: z.string().nullable(),
  edges: z.string().nullable(),
  surface: z.string().nullable(),
});
export type TSubgrades = z.infer<typeof ZSubgrades>;

/**
 * How sure the analyzer is of each field it read (0..1): the reader's own certainty times the
 * checks the field passes. The offline analyzer sends it; a field under ANALYSIS_UNSURE is left
 * empty. Clients mark fields below ANALYSIS_LOW_CONFIDENCE for the user to check.
 */
export const ZFieldConfidence = z.object({
  player: z.number().min(0).max(1),
  year: z.number().min(0).max(1),
  brand: z.number().min(0).max(1),
  cardName: z.number().min(0).max(1),
  condition: z.number().min(0).max(1),
  certNumber: z.number().min(0).max(1),
});
export type TFieldConfidence = z.infer<typeof ZFieldConfidence>;

/**
 * The card analysis result (docs/product.md §3, §7 POST /api/analyze-card). Every text field is null when it
 * could not be read; nothing is invented. `confidence` (0..1) says how much of the card was read.
 * `psaVerified` is true only when PSA itself confirmed the cert number (docs/choices.md 11).
 * The fields after `certificationUrl` are extras the spec does not name; clients may ignore them.
 */
export const ZCardAnalysis = z.object({
  player: z.string().nullable(),
  sport: z.string().nullable(),
  /** '2018', or a season such as '2018-19'. */
  year: z.string().nullable(),
  /** Brand and set as printed, e.g. 'Topps Chrome'. */
  brand: z.string().nullable(),
  /** Parallel and card number, e.g. 'Refractor #193'. */
  cardName: z.string().nullable(),
  /** The grade in collector shorthand, e.g. 'PSA 10 GEM MT', 'BGS 9.5 GEM MINT'. */
  condition: z.string().nullable(),
  confidence: z.number().min(0).max(1),
  psaVerified: z.boolean(),
  gradeDetails: ZGradeDetails.nullable(),
  psaCertNumber: z.string().nullable(),
  certificationUrl: z.string().nullable(),
  grader: ZGrader.nullable(),
  /** Numeric grade as printed ('10', '8.5'), or 'AUTHENTIC'. */
  grade: z.string().nullable(),
  /** Card number without '#', e.g. '193', 'BCP-50'. */
  cardNumber: z.string().nullable(),
  /** Parallel or variety, e.g. 'Refractor', 'Silver Prizm'. */
  variety: z.string().nullable(),
  /** The cert number of any grader. */
  certNumber: z.string().nullable(),
  subgrades: ZSubgrades.nullable(),
  /** Autograph grade of a dual-graded card ('10'), else null. */
  autoGrade: z.string().nullable(),
  /** PSA qualifier code read with the grade ('MK', 'OC'), else null; absent from analyzers that do not read it. */
  qualifier: z.string().nullable().optional(),
  /** Per-field certainty; absent when the analyzer does not give one (Gemini). */
  fieldConfidence: ZFieldConfidence.optional(),
  /** True when the cert number was read from the label's barcode (certain), not from its printed digits. */
  certFromBarcode: z.boolean().optional(),
});
export type TCardAnalysis = z.infer<typeof ZCardAnalysis>;

/** What the label parser read from a slab label; display-cased, null when not read. */
export interface TParsedLabel {
  grader: TGrader | null;
  /** True when the grader was deduced from the grade wording rather than read. */
  graderInferred: boolean;
  year: string | null;
  brand: string | null;
  /** True when the brand matched a known brand or set. */
  brandKnown: boolean;
  cardNumber: string | null;
  player: string | null;
  variety: string | null;
  sport: string | null;
  grade: string | null;
  /** The grader's wording for `grade`, e.g. 'GEM MT'. */
  gradeName: string | null;
  /** True when the grade wording and number were both read and agree. */
  gradeCertain: boolean;
  /** PSA qualifier code: OC, ST, PD, OF, MK or MC. */
  qualifier: string | null;
  autoGrade: string | null;
  subgrades: TSubgrades | null;
  certNumber: string | null;
}
