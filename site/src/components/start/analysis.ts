import { collectionFieldsFromAnalysis } from '../../../../core/analysis/autofill.ts';
import type { TFieldConfidence } from '../../../../core/analysis/types.ts';
import type { TCardData, TSubgradeValues } from '../../../../core/cards/card-data.ts';
import { cardDataFromAnalysis } from '../../../../core/cards/from-analysis.ts';
import { ApiError } from '../../lib/api.ts';
import type { TAnonymousCardFields } from '../../stores/anonymous-collection.ts';
import type { TToastInput } from '../../stores/toast.ts';

/** The note under a field the analysis filled but is unsure of. */
export const UNSURE_NOTE = 'Check this: part of the label was hard to read.';

/** The note under a cert number the analysis read from the label's barcode (docs/choices.md 50). */
export const BARCODE_NOTE = "Read from the label's barcode.";

/**
 * The card analysis result (docs/product.md §3, §7 POST /api/analyze-card) as the add flow shows it: every
 * text field a string ('' when the analysis could not read it), confidence clamped to 0..1.
 */
export interface TAnalysisView {
  player: string;
  sport: string;
  year: string;
  brand: string;
  cardName: string;
  condition: string;
  confidence: number;
  psaVerified: boolean;
  gradeDetails: { name: string; description: string } | null;
  psaCertNumber: string;
  /** An http(s) link to the grader's cert page, or ''. */
  certificationUrl: string;
  /** How sure the analyzer is of each field it read (0..1); empty when it does not say. */
  fieldConfidence: Partial<TFieldConfidence>;
  /** The cert number was read from the label's barcode. */
  certFromBarcode: boolean;
  /** Everything read, as the card's own fields (docs/choices.md 39: the cert read from the label is kept). */
  card: TCardData;
}

const orNull = (s: string) => s || null;

function readSubgrades(raw: unknown): Record<keyof TSubgradeValues, string | null> | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  return { centering: orNull(str(r.centering)), corners: orNull(str(r.corners)), edges: orNull(str(r.edges)), surface: orNull(str(r.surface)) };
}

function str(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' ? value.trim() : '';
}

/** Reads whatever the server answered into a TAnalysisView; unknown or missing fields become ''. */
export function readAnalysis(raw: unknown): TAnalysisView {
  const r = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const confidence = typeof r.confidence === 'number' && Number.isFinite(r.confidence) ? r.confidence : 0;
  const grade = r.gradeDetails && typeof r.gradeDetails === 'object' ? (r.gradeDetails as Record<string, unknown>) : null;
  const url = str(r.certificationUrl);
  return {
    player: str(r.player),
    sport: str(r.sport),
    year: str(r.year),
    brand: str(r.brand),
    cardName: str(r.cardName),
    condition: str(r.condition),
    confidence: Math.min(1, Math.max(0, confidence)),
    psaVerified: r.psaVerified === true,
    gradeDetails: grade && str(grade.name) ? { name: str(grade.name), description: str(grade.description) } : null,
    psaCertNumber: str(r.psaCertNumber),
    certificationUrl: /^https?:\/\//i.test(url) ? url : '',
    fieldConfidence: readFieldConfidence(r.fieldConfidence),
    certFromBarcode: r.certFromBarcode === true,
    card: cardDataFromAnalysis({
      player: orNull(str(r.player)),
      sport: orNull(str(r.sport)),
      year: orNull(str(r.year)),
      brand: orNull(str(r.brand)),
      cardName: orNull(str(r.cardName)),
      condition: orNull(str(r.condition)),
      psaCertNumber: orNull(str(r.psaCertNumber)),
      certNumber: orNull(str(r.certNumber)),
      grader: (['PSA', 'BGS', 'SGC', 'CGC'] as const).find((g) => g === str(r.grader)) ?? null,
      grade: orNull(str(r.grade)),
      cardNumber: orNull(str(r.cardNumber)),
      variety: orNull(str(r.variety)),
      autoGrade: orNull(str(r.autoGrade)),
      qualifier: orNull(str(r.qualifier)),
      subgrades: readSubgrades(r.subgrades),
    }),
  };
}

function readFieldConfidence(raw: unknown): Partial<TFieldConfidence> {
  if (!raw || typeof raw !== 'object') return {};
  const entries = Object.entries(raw as Record<string, unknown>).filter(
    (e): e is [keyof TFieldConfidence, number] => typeof e[1] === 'number' && Number.isFinite(e[1]),
  );
  return Object.fromEntries(entries.map(([k, v]) => [k, Math.min(1, Math.max(0, v))]));
}

/**
 * Autofill of the anonymous add flow (core's collectionFieldsFromAnalysis): player, year, brand
 * and condition take the analysis's values where it read one and keep what the visitor typed
 * where it did not; so do the card number and the cert read from the label (docs/choices.md 39), and the
 * variety and sport, which go along to the gallery at sign-up.
 */
export function fieldsFromAnalysis(current: TAnonymousCardFields, result: TAnalysisView): TAnonymousCardFields {
  const read = collectionFieldsFromAnalysis(result);
  const { cardNumber, certNumber, variety, sport } = result.card;
  return {
    ...current,
    player: read.player || current.player,
    year: read.year || current.year,
    brand: read.brand || current.brand,
    condition: read.condition || current.condition,
    cardNumber: cardNumber ?? current.cardNumber,
    certNumber: certNumber ?? current.certNumber,
    variety: variety ?? current.variety,
    sport: sport ?? current.sport,
  };
}

/** The 'Analysis Complete' toast (docs/product.md §8: Identified: player - condition). */
export function analysisCompleteToast(result: TAnalysisView): TToastInput {
  const player = result.player || 'Unknown player';
  const condition = result.condition || 'condition not read';
  return { title: 'Analysis Complete', description: `Identified: ${player} - ${condition}`, variant: 'success' };
}

const BUSY_FALLBACK = 'AI analysis service is temporarily overloaded. Please try again in a moment.';

/**
 * The toast for a failed analysis (docs/product.md §8): a 503 is 'Analysis Service Busy' with the server's
 * message; another answer is 'Analysis Failed' with the server's message or 'Unable to analyze the
 * card image'; no answer at all (network) is 'Analysis Error'.
 */
export function analysisErrorToast(err: unknown): TToastInput {
  if (err instanceof ApiError) {
    const topLevel = typeof err.body?.message === 'string' ? err.body.message : undefined;
    const message = err.serverMessage ?? topLevel;
    if (err.status === 503) return { title: 'Analysis Service Busy', description: message ?? BUSY_FALLBACK, variant: 'error' };
    return { title: 'Analysis Failed', description: message ?? 'Unable to analyze the card image', variant: 'error' };
  }
  return { title: 'Analysis Error', description: 'Unable to analyze the card image. Please try again.', variant: 'error' };
}

/** A word for the confidence meter: High from 0.8, Medium from 0.5, else Low. */
export function confidenceLevel(confidence: number): 'High' | 'Medium' | 'Low' {
  if (confidence >= 0.8) return 'High';
  if (confidence >= 0.5) return 'Medium';
  return 'Low';
}
