import type { TCardData } from '../cards/card-data.ts';
import { EMPTY_CARD_FORM, cardForm, type TCardForm, type TCardFormKey } from '../cards/form.ts';
import { ANALYSIS_LOW_CONFIDENCE } from './confidence.ts';
import type { TCardAnalysis, TFieldConfidence } from './types.ts';

/** The analysis fields autofill reads; any may be missing, null or blank. */
export type TAutofillSource = Partial<Pick<TCardAnalysis, 'player' | 'year' | 'brand' | 'cardName' | 'condition' | 'certNumber' | 'psaCertNumber'>> & {
  fieldConfidence?: Partial<TFieldConfidence>;
};

const clean = (v: string | null | undefined): string => (v ?? '').replace(/\s+/g, ' ').trim();

/** The anonymous collection's card fields (docs/product.md §3) from an analysis; '' for what was not read. */
export function collectionFieldsFromAnalysis(a: TAutofillSource): {
  player: string;
  year: string;
  brand: string;
  condition: string;
} {
  return { player: clean(a.player), year: clean(a.year), brand: clean(a.brand), condition: clean(a.condition) };
}

/** True when the analysis filled `value` but is not sure of it (its field confidence is under ANALYSIS_LOW_CONFIDENCE). */
function doubtful(a: TAutofillSource, key: keyof TFieldConfidence, value: string | null | undefined): boolean {
  const c = a.fieldConfidence?.[key];
  return clean(value) !== '' && typeof c === 'number' && c < ANALYSIS_LOW_CONFIDENCE;
}

/**
 * The anonymous collection's autofilled fields the visitor should check (docs/choices.md 28: the UI marks
 * low-confidence fields). Analyses without per-field confidence (Gemini) mark nothing. Pure. (The
 * gallery's form: cardAutofill below.)
 */
export function doubtfulAutofill(a: TAutofillSource): { player: boolean; year: boolean; brand: boolean; condition: boolean; certNumber: boolean } {
  return {
    player: doubtful(a, 'player', a.player),
    year: doubtful(a, 'year', a.year),
    brand: doubtful(a, 'brand', a.brand),
    condition: doubtful(a, 'condition', a.condition),
    certNumber: doubtful(a, 'certNumber', a.certNumber ?? a.psaCertNumber),
  };
}

/** The form inputs each of the analysis's confidences speaks for. */
const CONFIDENCE_INPUTS: Readonly<Record<keyof TFieldConfidence, readonly TCardFormKey[]>> = {
  player: ['subject'],
  year: ['year'],
  brand: ['set'],
  cardName: ['cardNumber', 'variety'],
  condition: ['grader', 'grade', 'qualifier', 'autographGrade'],
  certNumber: ['certNumber'],
};

/**
 * The gallery form's autofill from an analysis (docs/choices.md 39: the analysis fills the card's own
 * fields, the cert included): `read` is the analysis as fields (core/cards/from-analysis.ts),
 * `confidence` its per-field certainty. `fill` holds each input the analysis read; `doubtful` the
 * filled inputs it is unsure of (docs/choices.md 28), for the form to mark. Pure.
 */
export function cardAutofill(card: TCardData, confidence: Partial<TFieldConfidence> = {}): { fill: Partial<TCardForm>; doubtful: ReadonlySet<TCardFormKey> } {
  const read = cardForm(card);
  const fill: Partial<Record<TCardFormKey, string>> = {};
  for (const key of Object.keys(read) as TCardFormKey[]) if (read[key] !== EMPTY_CARD_FORM[key]) fill[key] = read[key];
  const doubtful = new Set<TCardFormKey>();
  for (const [source, inputs] of Object.entries(CONFIDENCE_INPUTS) as [keyof TFieldConfidence, readonly TCardFormKey[]][]) {
    const c = confidence[source];
    if (typeof c === 'number' && c < ANALYSIS_LOW_CONFIDENCE) for (const key of inputs) if (fill[key] !== undefined) doubtful.add(key);
  }
  // `fill` holds inputs copied from a TCardForm, each with its own type.
  return { fill: fill as Partial<TCardForm>, doubtful };
}
