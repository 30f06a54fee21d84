import type { TCardAnalysis } from './types.ts';

/** The analysis fields autofill reads; any may be missing, null or blank. */
export type TAutofillSource = Partial<Pick<TCardAnalysis, 'player' | 'year' | 'brand' | 'cardName' | 'condition'>>;

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
