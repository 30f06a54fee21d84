import { atom } from 'nanostores';
import { WALL_SETTINGS_ELEMENT_ID } from '../../../core/first-screen.ts';
import { readWritten } from '../lib/written.ts';

/** docs/product.md §2 /gallery: the title shown until the user renames the gallery. */
export const DEFAULT_COLLECTION_NAME = 'My Collection';
/** localStorage key of the gallery title (saved locally, docs/product.md §2 /gallery). */
export const COLLECTION_NAME_KEY = 'ratio-gallery-title';

/** Longest gallery title kept. */
export const MAX_COLLECTION_NAME = 60;

/**
 * The gallery title: from the start the one the server drew /gallery with (from the wall cookie),
 * else the default; the one saved in this browser is taken once the wall is hydrated (wall-cookie.ts).
 */
export const $collectionName = atom<string>(readWritten<{ title: string }>(WALL_SETTINGS_ELEMENT_ID)?.title ?? DEFAULT_COLLECTION_NAME);

/** Saves the title locally; a blank title goes back to the default. Returns the title kept. */
export function setCollectionName(name: string): string {
  const kept = name.trim().slice(0, MAX_COLLECTION_NAME) || DEFAULT_COLLECTION_NAME;
  $collectionName.set(kept);
  try {
    localStorage.setItem(COLLECTION_NAME_KEY, kept);
  } catch {
    // Storage blocked: the title holds for this page only.
  }
  return kept;
}
