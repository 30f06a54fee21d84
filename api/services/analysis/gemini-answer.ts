import { z } from 'zod';
import { cardNameOf, certificationUrlFor, formatCondition, gradeDetailsFor } from '../../../core/analysis/build-analysis.ts';
import { QUALIFIERS, levelForGrade, nameOf } from '../../../core/analysis/grade-scale.ts';
import { ZGrader, type TCardAnalysis } from '../../../core/analysis/types.ts';
import { displayCase } from '../../../core/analysis/vocabulary.ts';

/** What Gemini is asked to return (validated before use: the model's word is not trusted). */
export const ZGeminiCard = z.object({
  isTradingCard: z.boolean(),
  player: z.string().max(200).nullable(),
  sport: z.string().max(60).nullable(),
  year: z.string().max(20).nullable(),
  brand: z.string().max(200).nullable(),
  cardNumber: z.string().max(40).nullable(),
  variety: z.string().max(200).nullable(),
  grader: z.string().max(20).nullable(),
  grade: z.string().max(20).nullable(),
  gradeName: z.string().max(40).nullable(),
  qualifier: z.string().max(10).nullable(),
  autoGrade: z.string().max(10).nullable(),
  certNumber: z.string().max(40).nullable(),
  confidence: z.number().min(0).max(1),
});
export type TGeminiCard = z.infer<typeof ZGeminiCard>;

const nullableString = { type: ['string', 'null'] };
/** ZGeminiCard as the JSON Schema sent in `responseJsonSchema`. */
export const GEMINI_RESPONSE_SCHEMA = {
  type: 'object',
  properties: {
    isTradingCard: { type: 'boolean', description: 'False when the photo shows no sports trading card.' },
    player: { ...nullableString, description: "Player's full name, e.g. 'Shohei Ohtani'." },
    sport: { ...nullableString, description: 'Baseball, Basketball, Football, Hockey, Soccer, ...' },
    year: { ...nullableString, description: "Year or season as printed, e.g. '2018' or '2018-19'." },
    brand: { ...nullableString, description: "Brand and set, e.g. 'Topps Chrome', 'Panini Prizm'." },
    cardNumber: { ...nullableString, description: "Card number without '#', e.g. '193'." },
    variety: { ...nullableString, description: "Parallel or variety, e.g. 'Refractor', 'Silver Prizm'." },
    grader: { ...nullableString, description: 'The grading company: PSA, BGS (Beckett), SGC or CGC.' },
    grade: { ...nullableString, description: "Numeric grade as on the label ('10', '9.5') or 'AUTHENTIC'." },
    gradeName: { ...nullableString, description: "Grade wording on the label, e.g. 'GEM MT', 'MINT'." },
    qualifier: { ...nullableString, description: 'PSA qualifier code such as OC or ST, if printed.' },
    autoGrade: { ...nullableString, description: 'Autograph grade of a dual-graded card, if printed.' },
    certNumber: { ...nullableString, description: 'Certification number exactly as printed on the label.' },
    confidence: { type: 'number', minimum: 0, maximum: 1, description: 'How sure you are of the identification.' },
  },
  required: Object.keys(ZGeminiCard.shape),
};

/** The instruction sent with the photo. */
export const GEMINI_PROMPT = `You identify sports trading cards from a photo, usually a card in a graded slab
(PSA, BGS/Beckett, SGC or CGC). Read the slab label first: year, brand and set, card number, player,
variety, grade and certification number. Without a slab, identify the card from its front.
Copy text exactly as printed. Use null for anything you cannot read; never guess a cert number or grade.`;

const clean = (s: string | null): string | null => {
  const t = s?.replace(/\s+/g, ' ').trim();
  return t ? t : null;
};
/** Upper-case answers ('SHOHEI OHTANI', as labels print) become display case; others stay. */
const cased = (s: string | null) => {
  const t = clean(s);
  return t && t === t.toUpperCase() ? displayCase(t) : t;
};

function normaliseGrade(s: string | null): string | null {
  const t = clean(s)?.toUpperCase() ?? null;
  if (!t) return null;
  if (/AUTH/.test(t)) return 'AUTHENTIC';
  const n = /(?<![\d.])(10|[1-9](?:\.5)?)(?![\d.])/.exec(t)?.[1];
  return n ?? null;
}

function normaliseYear(s: string | null): string | null {
  const m = /((?:18|19|20)\d{2})(?:\s*[-/]\s*(\d{4}|\d{2}))?/.exec(clean(s) ?? '');
  if (!m?.[1]) return null;
  return m[2] ? `${m[1]}-${m[2].slice(-2)}` : m[1];
}

/**
 * A validated Gemini answer as Ratio's card analysis. Grade wording and description come from
 * Ratio's grade scale, not the model. Confidence is the model's own, capped by how much of the
 * card's identity (player, year, brand) it read; a photo that is not a card scores at most 0.1.
 * `barcodeCert`: the cert read from the photo's PSA label barcode, if any (readPhotoBarcode).
 */
export function analysisFromGemini(g: TGeminiCard, barcodeCert: string | null = null): TCardAnalysis {
  const named = ZGrader.safeParse(clean(g.grader)?.toUpperCase().replace('BECKETT', 'BGS')).data ?? null;
  // The cert in a PSA label's barcode (read only on PSA's red-framed labels) is certain: it replaces
  // the model's digits, unless the model saw another grader's label.
  const fromBarcode = barcodeCert !== null && (named === null || named === 'PSA');
  const grader = fromBarcode ? 'PSA' : named;
  const grade = normaliseGrade(g.grade);
  const level = grade && grade !== 'AUTHENTIC' ? levelForGrade(grader, grade) : null;
  const gradeName = clean(g.gradeName)?.toUpperCase() ?? (level ? nameOf(level, grader) : null);
  const code = clean(g.qualifier)?.toUpperCase().replace(/[()]/g, '') ?? '';
  const qualifier = code in QUALIFIERS ? code : null;
  const parts = { grader, grade, gradeName, qualifier, autoGrade: normaliseGrade(g.autoGrade) };
  const certNumber = fromBarcode ? barcodeCert : clean(g.certNumber)?.replace(/[^0-9A-Za-z-]/g, '') || null;
  const [player, year, brand] = [cased(g.player), normaliseYear(g.year), cased(g.brand)];
  const variety = cased(g.variety);
  const cardNumber = clean(g.cardNumber)?.replace(/^#/, '') || null;
  const identity = [player, year, brand].filter(Boolean).length / 3;
  const cap = g.isTradingCard ? 0.4 + 0.6 * identity : 0.1;
  return {
    player,
    sport: cased(g.sport),
    year,
    brand,
    cardName: cardNameOf(variety, cardNumber),
    condition: formatCondition(parts),
    confidence: Math.round(Math.min(g.confidence, cap) * 100) / 100,
    psaVerified: false,
    gradeDetails: gradeDetailsFor(parts),
    psaCertNumber: grader === 'PSA' ? certNumber : null,
    certificationUrl: certificationUrlFor(grader, certNumber),
    grader,
    grade,
    cardNumber,
    variety,
    certNumber,
    subgrades: null,
    autoGrade: parts.autoGrade,
    ...(fromBarcode ? { certFromBarcode: true } : {}),
  };
}
