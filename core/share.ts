/**
 * Share links (docs/choices.md 10, 29): who may share and what a shared wall shows. Pure; the
 * API decides with it and the site mirrors it.
 */
import type { TAccountState } from './account.ts';
import { LAYOUTS, layoutSlotCount, type TLayoutId } from './gallery.ts';

/** Sharing is a PRO feature (docs/product.md §1, §6): PRO, a running trial and legacy accounts may share. */
export function canShare(state: Pick<TAccountState, 'hasProFeatures'>): boolean {
  return state.hasProFeatures;
}

/** Slots a shared wall shows: those of the owner's layout (the owner can share, so PRO counts apply). */
export function sharedSlotCount(layout: TLayoutId, customCount: number): number {
  return layoutSlotCount(true, layout, customCount);
}

/** Columns of a shared wall's layout; null lets the page fit as many as the screen holds. */
export function sharedColumns(layout: TLayoutId): number | null {
  return LAYOUTS.find((l) => l.id === layout)?.columns ?? null;
}

/** Cards the preview image shows, first in slot order. */
export const PREVIEW_CARDS = 6;
