import { atom } from 'nanostores';
import { flashToast, toast } from './toast.ts';
import { recompressDataUrl, type TEncodeOptions } from '../lib/image.ts';
import {
  ANONYMOUS_CARD_LIMIT,
  CACHE_VERSION,
  COLLECTION_MESSAGES,
  COLLECTION_UPDATED_EVENT,
  CURRENT_RATIO_KEYS,
  RECOMPRESSION_STEPS,
  STORAGE_KEYS,
  UPGRADE_URL,
  isQuotaError,
  parseCollection,
  type TAnonymousCard,
  type TAnonymousCollectionDeps,
  type TAnonymousCardFields,
  type TNewCard,
  type TStorageLike,
} from './anonymous-collection-model.ts';

export * from './anonymous-collection-model.ts';

/**
 * The anonymous collection (docs/product.md §3, §4, §8; docs/choices.md 13): up to 3 cards kept only in this
 * browser's localStorage. This module owns the storage keys, the atoms the islands render and the
 * only functions that change them. Every change is persisted first, then published on the atom and
 * as the window event `anonymous-collection-updated`; other tabs follow through the `storage` event.
 */

/** 'loading' until the browser storage has been read (also during server rendering). */
export const $anonymousCollectionStatus = atom<'loading' | 'ready'>('loading');
/** The cards, oldest first. Change it only through the functions below. */
export const $anonymousCollection = atom<readonly TAnonymousCard[]>([]);

let deps: TAnonymousCollectionDeps | null = null;
let teardown: (() => void) | null = null;

function randomId(): string {
  // getRandomValues works outside secure contexts too (randomUUID does not).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function browserDeps(): TAnonymousCollectionDeps {
  const win = typeof window === 'undefined' ? undefined : window;
  let storage: TStorageLike | null = null;
  try {
    storage = win?.localStorage ?? null;
  } catch {
    storage = null; // Storage disabled by the browser's privacy settings.
  }
  return {
    storage,
    events: win ?? null,
    recompress: recompressDataUrl,
    notify: toast,
    notifyNextPage: flashToast,
    navigate: (url) => win?.location.assign(url),
    newId: randomId,
    now: () => new Date(),
  };
}

function getDeps(): TAnonymousCollectionDeps {
  deps ??= browserDeps();
  return deps;
}

/**
 * Replaces the module's dependencies (unit tests) and resets its state: listeners are removed and
 * the atoms return to 'loading' and []. Missing entries fall back to the browser's.
 */
export function configureAnonymousCollection(overrides: Partial<TAnonymousCollectionDeps>): void {
  teardown?.();
  teardown = null;
  deps = { ...browserDeps(), ...overrides };
  $anonymousCollection.set([]);
  $anonymousCollectionStatus.set('loading');
}

function getItem(d: TAnonymousCollectionDeps, key: string): string | null {
  try {
    return d.storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** The stored cards; corrupt storage is reported once, removed, and read as a clean start. */
function readStored(d: TAnonymousCollectionDeps): TAnonymousCard[] {
  const raw = getItem(d, STORAGE_KEYS.collection);
  if (raw === null) return [];
  const cards = parseCollection(raw);
  if (cards) return cards;
  try {
    d.storage?.removeItem(STORAGE_KEYS.collection);
  } catch {
    // Nothing more to do: the next successful save overwrites it.
  }
  d.notify(COLLECTION_MESSAGES.restored);
  return [];
}

/** The freshest cards: storage when there is one (another tab may have changed it), else memory. */
function latest(d: TAnonymousCollectionDeps): readonly TAnonymousCard[] {
  return d.storage ? readStored(d) : $anonymousCollection.get();
}

/** Writes the cards; throws what storage throws (QuotaExceededError when full). */
function persist(d: TAnonymousCollectionDeps, cards: readonly TAnonymousCard[]): void {
  if (!d.storage) throw new Error('Browser storage is unavailable');
  d.storage.setItem(STORAGE_KEYS.collection, JSON.stringify(cards));
}

function publish(d: TAnonymousCollectionDeps, cards: readonly TAnonymousCard[]): void {
  $anonymousCollection.set(cards);
  d.events?.dispatchEvent(new CustomEvent(COLLECTION_UPDATED_EVENT, { detail: cards }));
}

function migrateCacheVersion(d: TAnonymousCollectionDeps): void {
  const storage = d.storage;
  if (!storage) return;
  try {
    if (storage.getItem(STORAGE_KEYS.cacheVersion) === CACHE_VERSION) return;
    const legacy: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith('ratio-') && !CURRENT_RATIO_KEYS.has(key)) legacy.push(key);
    }
    for (const key of legacy) storage.removeItem(key);
    storage.setItem(STORAGE_KEYS.cacheVersion, CACHE_VERSION);
  } catch {
    // A storage that refuses writes keeps its old keys; the collection still loads.
  }
}

function ensureSessionId(d: TAnonymousCollectionDeps): void {
  try {
    if (d.storage && !d.storage.getItem(STORAGE_KEYS.sessionId)) {
      d.storage.setItem(STORAGE_KEYS.sessionId, d.newId());
    }
  } catch {
    // Without storage there is no session to remember.
  }
}

/**
 * Loads the collection from browser storage and keeps it in step with other tabs and with other
 * code that announces changes. Idempotent: safe to call from every island on mount.
 * Also applies the cache version (legacy `ratio-*` keys cleared) and creates `ratio-session-id`.
 */
export function initAnonymousCollection(): void {
  if (teardown) return;
  const d = getDeps();
  migrateCacheVersion(d);
  ensureSessionId(d);
  $anonymousCollection.set(readStored(d));
  $anonymousCollectionStatus.set('ready');

  const onStorage = (event: Event) => {
    const key = (event as StorageEvent).key;
    if (key === null || key === STORAGE_KEYS.collection) publish(d, readStored(d));
  };
  const onUpdated = (event: Event) => {
    // Our own broadcasts carry the atom's value; anything else means storage changed elsewhere.
    if ((event as CustomEvent<unknown>).detail !== $anonymousCollection.get()) {
      $anonymousCollection.set(latest(d));
    }
  };
  d.events?.addEventListener('storage', onStorage);
  d.events?.addEventListener(COLLECTION_UPDATED_EVENT, onUpdated);
  teardown = () => {
    d.events?.removeEventListener('storage', onStorage);
    d.events?.removeEventListener(COLLECTION_UPDATED_EVENT, onUpdated);
  };
}

/** Outcome of an add: the stored card, or why it was refused (already notified). */
export type TAddResult = { ok: true; card: TAnonymousCard } | { ok: false; reason: 'limit' | 'storage_full' | 'failed' };

function cleanFields(fields: TAnonymousCardFields): TAnonymousCardFields {
  return {
    player: fields.player.trim(),
    year: fields.year.trim(),
    brand: fields.brand.trim(),
    condition: fields.condition.trim(),
    userValue: fields.userValue.trim(),
    userNotes: fields.userNotes.trim(),
    cardNumber: fields.cardNumber.trim(),
    certNumber: fields.certNumber.trim(),
    variety: fields.variety.trim(),
    sport: fields.sport.trim(),
  };
}

/**
 * Adds a card. At the limit it shows 'Free Limit Reached' on /collection?showUpgrade=true and goes
 * there. When storage is full the image is recompressed step by step (RECOMPRESSION_STEPS) and
 * the save retried; if nothing fits: 'Storage Limit Reached'. Other failures: 'Update Failed'.
 */
export async function addAnonymousCard(input: TNewCard): Promise<TAddResult> {
  const d = getDeps();
  const current = latest(d);
  if (current.length >= ANONYMOUS_CARD_LIMIT) {
    $anonymousCollection.set(current);
    d.notifyNextPage(COLLECTION_MESSAGES.limit);
    d.navigate(UPGRADE_URL);
    return { ok: false, reason: 'limit' };
  }
  const base = { id: d.newId(), ...cleanFields(input), addedAt: d.now().toISOString() };
  const attempts: (TEncodeOptions | null)[] = [null, ...RECOMPRESSION_STEPS];
  for (const step of attempts) {
    let image = input.image;
    if (step) {
      try {
        image = await d.recompress(input.image, step);
      } catch {
        continue; // This step could not re-encode; a smaller one may.
      }
    }
    const card: TAnonymousCard = { ...base, image };
    const next = [...current, card];
    try {
      persist(d, next);
    } catch (err) {
      if (isQuotaError(err)) continue;
      d.notify(COLLECTION_MESSAGES.updateFailed);
      return { ok: false, reason: 'failed' };
    }
    publish(d, next);
    return { ok: true, card };
  }
  d.notify(COLLECTION_MESSAGES.storageFull);
  return { ok: false, reason: 'storage_full' };
}

/**
 * Saves new text fields on a card, keeping its id, image and addedAt; persists, broadcasts and
 * says 'Card Updated', or 'Update Failed' when the card is gone or storage refuses.
 */
export function updateAnonymousCard(id: string, fields: TAnonymousCardFields): boolean {
  const d = getDeps();
  const current = latest(d);
  if (!current.some((card) => card.id === id)) {
    $anonymousCollection.set(current);
    d.notify(COLLECTION_MESSAGES.updateFailed);
    return false;
  }
  const next = current.map((card) => (card.id === id ? { ...card, ...cleanFields(fields), id } : card));
  try {
    persist(d, next);
  } catch {
    d.notify(COLLECTION_MESSAGES.updateFailed);
    return false;
  }
  publish(d, next);
  d.notify(COLLECTION_MESSAGES.updated);
  return true;
}

/** Removes a card; persists, broadcasts and says 'Card Removed', or 'Delete Failed'. */
export function removeAnonymousCard(id: string): boolean {
  const d = getDeps();
  const current = latest(d);
  if (!current.some((card) => card.id === id)) {
    $anonymousCollection.set(current);
    d.notify(COLLECTION_MESSAGES.deleteFailed);
    return false;
  }
  const next = current.filter((card) => card.id !== id);
  try {
    persist(d, next);
  } catch {
    d.notify(COLLECTION_MESSAGES.deleteFailed);
    return false;
  }
  publish(d, next);
  d.notify(COLLECTION_MESSAGES.removed);
  return true;
}

/**
 * 'Start Free Trial' (docs/product.md §2): writes a copy of the cards with their images blanked to
 * `anonymous-collection-backup` and sets `pending-migration` to 'true'. The collection itself is
 * untouched. Returns false when storage refused (the caller still continues to /pricing).
 */
export function backupAnonymousCollection(): boolean {
  const d = getDeps();
  if (!d.storage) return false;
  const blanked = latest(d).map((card) => ({ ...card, image: '' }));
  try {
    d.storage.setItem(STORAGE_KEYS.backup, JSON.stringify(blanked));
    d.storage.setItem(STORAGE_KEYS.pendingMigration, 'true');
    return true;
  } catch {
    return false;
  }
}

/** The stored cards, for code outside React (e.g. the transfer after signup). */
export function readAnonymousCollection(): readonly TAnonymousCard[] {
  return latest(getDeps());
}

/**
 * Deletes the local copy after the cards were transferred (docs/product.md §4): the collection, its backup
 * and the pending-migration mark. Broadcasts the empty collection.
 */
export function clearAnonymousCollection(): void {
  const d = getDeps();
  try {
    d.storage?.removeItem(STORAGE_KEYS.collection);
    d.storage?.removeItem(STORAGE_KEYS.backup);
    d.storage?.removeItem(STORAGE_KEYS.pendingMigration);
  } catch {
    // Storage refusing a removal leaves the cards; the next transfer attempt sees them again.
  }
  publish(d, []);
}
