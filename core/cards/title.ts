/**
 * The spec's slot text made from a card's fields, by one rule each (docs/choices.md 39: the title is
 * derived, not typed twice). Both follow docs/product.md §5's autofill: the title is year, brand, player,
 * then the card name (variety and number); the description is the condition. (The cert has its
 * own field: it stays off the description, which a shared wall shows.)
 */
import { cardNameOf } from '../analysis/build-analysis.ts';
import type { TCardData } from './card-data.ts';
import { conditionOf } from './grade.ts';

/** Longest title a slot keeps (core/contracts/cards.types.ts). */
export const TITLE_MAX = 200;

const clean = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

/** '2018 Topps Chrome Shohei Ohtani Refractor #193'; '' when none of its fields is set. */
export function deriveTitle(d: Pick<TCardData, 'year' | 'set' | 'subject' | 'variety' | 'cardNumber'>): string {
  const name = cardNameOf(clean(d.variety) || null, clean(d.cardNumber).replace(/^#/, '') || null);
  const title = [clean(d.year), clean(d.set), clean(d.subject), name ?? ''].filter(Boolean).join(' ');
  if (title.length <= TITLE_MAX) return title;
  const cut = title.slice(0, TITLE_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), TITLE_MAX / 2)).trimEnd()}…`;
}

/** 'PSA 10 GEM MT', 'PSA 9 MINT (OC) / AUTO 10'; '' when no grade field is set. */
export function deriveDescription(d: Pick<TCardData, 'grader' | 'grade' | 'qualifier' | 'autographGrade'>): string {
  return conditionOf(d);
}
