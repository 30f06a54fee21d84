import { ANALYSIS_LOW_CONFIDENCE } from './confidence.ts';
import type { TCardAnalysis, TFieldConfidence } from './types.ts';

/** The analysis fields autofill reads; any may be missing, null or blank. */
export type TAutofillSource = Partial<Pick<TCardAnalysis, 'player' | 'year' | 'brand' | 'cardName' | 'condition'>> & {
  fieldConfidence?: Partial<TFieldConfidence>;
};

const clean = (v: string | null | undefined): string => (v ?? '').replace(/\s+/g, ' ').trim();

/**
 * Spec §5 'Autofill from analysis' for the add/edit card form. `title` is 'year brand player'
 * (plus the card name when there is one) and is present only when player, year and brand all
 * are; `description` is the condition, present only when there is one. Absent keys mean
 * "leave the field as the user has it". Pure.
 */
export function autofillFromAnalysis(a: TAutofillSource): { title?: string; description?: string } {
  const [player, year, brand, cardName, condition] = [a.player, a.year, a.brand, a.cardName, a.condition].map(clean);
  const out: { title?: string; description?: string } = {};
  if (player && year && brand) out.title = [year, brand, player, cardName].filter(Boolean).join(' ');
  if (condition) out.description = condition;
  return out;
}

/** The anonymous collection's card fields (spec §3) from an analysis; '' for what was not read. */
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
 * The autofilled fields the user should check (issue #10: the UI marks low-confidence fields):
 * for the add-item form, the title when any part of it is doubtful and the description when the
 * condition is; for the anonymous collection, each doubtful field. Analyses without per-field
 * confidence (Gemini) mark nothing. Pure.
 */
export function doubtfulAutofill(a: TAutofillSource): { title: boolean; description: boolean; player: boolean; year: boolean; brand: boolean; condition: boolean } {
  const player = doubtful(a, 'player', a.player);
  const year = doubtful(a, 'year', a.year);
  const brand = doubtful(a, 'brand', a.brand);
  const condition = doubtful(a, 'condition', a.condition);
  const fill = autofillFromAnalysis(a);
  return {
    title: fill.title !== undefined && (player || year || brand || doubtful(a, 'cardName', a.cardName)),
    description: fill.description !== undefined && condition,
    player,
    year,
    brand,
    condition,
  };
}
