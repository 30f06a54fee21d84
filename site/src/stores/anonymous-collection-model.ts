import type { TToastInput } from './toast.ts';
import type { TEncodeOptions } from '../lib/image.ts';
import { ANONYMOUS_SLOTS } from '../../../core/limits.ts';

/**
 * What the anonymous collection is made of (docs/product.md §3, §8, §9): the card type, the storage keys and
 * constants, the messages, and the pure rules for reading stored JSON. The store that uses them is
 * anonymous-collection.ts, which re-exports all of this.
 */

/** One card of the anonymous wall (docs/product.md §3). */
export interface TAnonymousCard {
  id: string;
  /** JPEG data URL, at most 800 px on its longest side. */
  image: string;
  player: string;
  year: string;
  brand: string;
  condition: string;
  /** The value as the visitor typed it (free text, docs/product.md §5). */
  userValue: string;
  userNotes: string;
  /** ISO timestamp. */
  addedAt: string;
  /**
   * Beyond docs/product.md §3 (docs/choices.md 39): the card and cert numbers (read from the label or typed) and the
   * variety and sport the analysis read, kept so the transfer at sign-up gives the card its fields.
   */
  cardNumber: string;
  certNumber: string;
  variety: string;
  sport: string;
}

/** The editable text fields of a card. */
export type TAnonymousCardFields = Pick<
  TAnonymousCard,
  'player' | 'year' | 'brand' | 'condition' | 'userValue' | 'userNotes' | 'cardNumber' | 'certNumber' | 'variety' | 'sport'
>;

/** A card with no field filled. */
export const EMPTY_CARD_FIELDS: Readonly<TAnonymousCardFields> = Object.freeze({
  player: '',
  year: '',
  brand: '',
  condition: '',
  userValue: '',
  userNotes: '',
  cardNumber: '',
  certNumber: '',
  variety: '',
  sport: '',
});
/** What the add flow hands over: the scaled image and the fields. */
export type TNewCard = TAnonymousCardFields & { image: string };

/** docs/product.md §9: the anonymous collection holds at most 3 cards. */
export const ANONYMOUS_CARD_LIMIT = ANONYMOUS_SLOTS;
/** docs/product.md §9 cache version; legacy keys are cleared when the stored one differs. */
export const CACHE_VERSION = '3.2';
/** Browser storage keys (docs/product.md §3), exactly as named there. */
export const STORAGE_KEYS = {
  collection: 'anonymous-collection',
  backup: 'anonymous-collection-backup',
  pendingMigration: 'pending-migration',
  cacheVersion: 'ratio-cache-version',
  sessionId: 'ratio-session-id',
} as const;
/** The window event that carries the updated collection (detail: TAnonymousCard[]). */
export const COLLECTION_UPDATED_EVENT = 'anonymous-collection-updated';
/** Where a visitor at the limit is sent (docs/product.md §8). */
export const UPGRADE_URL = '/collection?showUpgrade=true';
/**
 * Re-encodes tried in turn when storage is full (docs/product.md §8: quality 0.7, then 0.4, with max sides
 * 800, 600, 400), each from the original image.
 */
export const RECOMPRESSION_STEPS: readonly TEncodeOptions[] = [
  { maxSide: 800, quality: 0.7 },
  { maxSide: 600, quality: 0.4 },
  { maxSide: 400, quality: 0.4 },
];

/** `ratio-*` keys this release still uses; every other `ratio-*` key is legacy. */
export const CURRENT_RATIO_KEYS = new Set<string>([
  STORAGE_KEYS.cacheVersion,
  STORAGE_KEYS.sessionId,
  'ratio-theme',
  'ratio-gallery-title',
  'ratio-gallery-settings',
  'ratio-from-landing',
]);

/** The notifications of this module (docs/product.md §8 and the success toasts of §8). */
export const COLLECTION_MESSAGES = {
  limit: { title: 'Free Limit Reached', description: 'Upgrade to PRO for unlimited card storage!' },
  storageFull: {
    title: 'Storage Limit Reached',
    description: 'Browser storage is full. Upgrade to PRO for unlimited cloud storage.',
    variant: 'error',
  },
  restored: { title: 'Collection Restored', description: 'Your collection has been reset due to a storage issue.' },
  updateFailed: { title: 'Update Failed', description: 'Unable to update card details. Please try again.', variant: 'error' },
  deleteFailed: { title: 'Delete Failed', description: 'Unable to remove card. Please try again.', variant: 'error' },
  updated: { title: 'Card Updated', description: 'Your card details have been saved.', variant: 'success' },
  removed: { title: 'Card Removed', description: 'Card has been deleted from your collection.', variant: 'success' },
} as const satisfies Record<string, TToastInput>;

/** The part of the Web Storage API this module uses. */
export interface TStorageLike {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Everything the module touches outside itself; replaced in unit tests. */
export interface TAnonymousCollectionDeps {
  /** null when the browser refuses storage altogether. */
  storage: TStorageLike | null;
  /** Where the update event is sent and `storage` events arrive (the window). */
  events: EventTarget | null;
  recompress(dataUrl: string, options: TEncodeOptions): Promise<string>;
  notify(message: TToastInput): void;
  /** Shows a toast on the next page (used right before navigate). */
  notifyNextPage(message: TToastInput): void;
  navigate(url: string): void;
  newId(): string;
  now(): Date;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * Reads stored JSON into cards. Null when it is corrupt: not JSON, not an array, or an entry
 * that is not a card with a string id and image. Missing text fields become ''.
 */
export function parseCollection(raw: string): TAnonymousCard[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  const cards: TAnonymousCard[] = [];
  for (const entry of parsed as unknown[]) {
    if (!entry || typeof entry !== 'object') return null;
    const e = entry as Record<string, unknown>;
    if (typeof e.id !== 'string' || !e.id || typeof e.image !== 'string') return null;
    cards.push({
      id: e.id,
      image: e.image,
      player: text(e.player),
      year: typeof e.year === 'number' ? String(e.year) : text(e.year),
      brand: text(e.brand),
      condition: text(e.condition),
      userValue: typeof e.userValue === 'number' ? String(e.userValue) : text(e.userValue),
      userNotes: text(e.userNotes),
      addedAt: text(e.addedAt),
      cardNumber: text(e.cardNumber),
      certNumber: text(e.certNumber),
      variety: text(e.variety),
      sport: text(e.sport),
    });
  }
  return cards.slice(0, ANONYMOUS_CARD_LIMIT);
}

/** True for a "storage is full" error in any browser's spelling. */
export function isQuotaError(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { name, code } = err as { name?: unknown; code?: unknown };
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014;
}
