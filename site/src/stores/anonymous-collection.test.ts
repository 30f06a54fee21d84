import { beforeEach, describe, expect, it } from 'vitest';
import type { TToastInput } from './toast.ts';
import type { TEncodeOptions } from '../lib/image.ts';
import {
  $anonymousCollection,
  $anonymousCollectionStatus,
  ANONYMOUS_CARD_LIMIT,
  CACHE_VERSION,
  COLLECTION_MESSAGES,
  COLLECTION_UPDATED_EVENT,
  RECOMPRESSION_STEPS,
  STORAGE_KEYS,
  UPGRADE_URL,
  addAnonymousCard,
  backupAnonymousCollection,
  clearAnonymousCollection,
  configureAnonymousCollection,
  initAnonymousCollection,
  parseCollection,
  readAnonymousCollection,
  removeAnonymousCard,
  updateAnonymousCard,
  type TAnonymousCard,
  type TNewCard,
  type TStorageLike,
} from './anonymous-collection.ts';

/** A localStorage stand-in with a size budget (in characters) and switchable write failures. */
class FakeStorage implements TStorageLike {
  readonly items = new Map<string, string>();
  /** Total characters of keys plus values it accepts; beyond that setItem throws QuotaExceededError. */
  capacity = Number.POSITIVE_INFINITY;
  /** 'error' makes every write throw a non-quota error. */
  failWrites: 'error' | null = null;

  get length(): number {
    return this.items.size;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (this.failWrites === 'error') throw new Error('SecurityError: storage disabled');
    let used = key.length + value.length;
    for (const [k, v] of this.items) if (k !== key) used += k.length + v.length;
    if (used > this.capacity) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    if (this.failWrites === 'error') throw new Error('SecurityError: storage disabled');
    this.items.delete(key);
  }
}

const BIG_IMAGE = `data:image/jpeg;base64,${'A'.repeat(5000)}`;

/** A re-encoder whose output shrinks with the side, so a small enough step fits a full storage. */
function fakeImage(options: TEncodeOptions): string {
  return `data:image/jpeg;base64,q${options.quality}s${options.maxSide}${'B'.repeat(options.maxSide)}`;
}

function newCard(overrides: Partial<TNewCard> = {}): TNewCard {
  return {
    image: 'data:image/jpeg;base64,AAAA',
    player: 'Shohei Ohtani',
    year: '2018',
    brand: 'Topps Chrome',
    condition: 'PSA 10 GEM MT',
    userValue: '$1,250',
    userNotes: '',
    cardNumber: '',
    certNumber: '12345678',
    variety: '',
    sport: '',
    ...overrides,
  };
}

let storage: FakeStorage;
let events: EventTarget;
let toasts: TToastInput[];
let nextPageToasts: TToastInput[];
let navigations: string[];
let broadcasts: TAnonymousCard[][];
let recompressions: TEncodeOptions[];
let recompressFails: boolean;
let ids: number;

function storedCards(): TAnonymousCard[] {
  return JSON.parse(storage.getItem(STORAGE_KEYS.collection) ?? '[]') as TAnonymousCard[];
}

beforeEach(() => {
  storage = new FakeStorage();
  events = new EventTarget();
  toasts = [];
  nextPageToasts = [];
  navigations = [];
  broadcasts = [];
  recompressions = [];
  recompressFails = false;
  ids = 0;
  events.addEventListener(COLLECTION_UPDATED_EVENT, (event) => {
    broadcasts.push((event as CustomEvent<TAnonymousCard[]>).detail);
  });
  configureAnonymousCollection({
    storage,
    events,
    recompress: async (_dataUrl, options) => {
      recompressions.push(options);
      if (recompressFails) throw new Error('decode failed');
      return fakeImage(options);
    },
    notify: (message) => toasts.push(message),
    notifyNextPage: (message) => nextPageToasts.push(message),
    navigate: (url) => navigations.push(url),
    newId: () => `id-${++ids}`,
    now: () => new Date('2026-11-21T12:00:00Z'),
  });
});

describe('loading', () => {
  it('starts empty and ready, with a session id created once', () => {
    expect($anonymousCollectionStatus.get()).toBe('loading');
    initAnonymousCollection();
    expect($anonymousCollectionStatus.get()).toBe('ready');
    expect($anonymousCollection.get()).toEqual([]);
    const sessionId = storage.getItem(STORAGE_KEYS.sessionId);
    expect(sessionId).toBeTruthy();
    expect(toasts).toEqual([]);

    configureAnonymousCollection({ storage, events, newId: () => 'another-id' });
    initAnonymousCollection();
    expect(storage.getItem(STORAGE_KEYS.sessionId)).toBe(sessionId);
  });

  it('reads the stored cards', () => {
    const card = {
      id: 'a',
      image: 'data:,',
      player: 'Mike Trout',
      year: '2011',
      brand: 'Topps Update',
      condition: 'PSA 9',
      userValue: '900',
      userNotes: 'rookie',
      addedAt: '2026-01-01T00:00:00.000Z',
      certNumber: '12345678',
    };
    storage.setItem(STORAGE_KEYS.collection, JSON.stringify([card]));
    initAnonymousCollection();
    expect($anonymousCollection.get()).toEqual([{ ...card, cardNumber: '', variety: '', sport: '' }]);
  });

  it.each([
    ['not JSON', '{"id": "a", '],
    ['not an array', '{"id":"a"}'],
    ['an entry without an id', '[{"image":"data:,"}]'],
    ['a non-object entry', '[42]'],
  ])('resets corrupt storage (%s) with "Collection Restored"', (_what, raw) => {
    storage.setItem(STORAGE_KEYS.collection, raw);
    initAnonymousCollection();
    expect($anonymousCollection.get()).toEqual([]);
    expect(toasts).toEqual([COLLECTION_MESSAGES.restored]);
    expect(storage.getItem(STORAGE_KEYS.collection)).toBeNull();
  });

  it('starts clean after a reset: the next add works', async () => {
    storage.setItem(STORAGE_KEYS.collection, '%%%');
    initAnonymousCollection();
    const result = await addAnonymousCard(newCard());
    expect(result.ok).toBe(true);
    expect(storedCards()).toHaveLength(1);
  });

  it('coerces numbers and missing text fields of stored cards', () => {
    expect(parseCollection('[{"id":"x","image":"","year":2018,"userValue":150}]')).toEqual([
      {
        id: 'x',
        image: '',
        player: '',
        year: '2018',
        brand: '',
        condition: '',
        userValue: '150',
        userNotes: '',
        addedAt: '',
        cardNumber: '',
        certNumber: '',
        variety: '',
        sport: '',
      },
    ]);
  });
});

describe('cache version', () => {
  it('clears legacy ratio-* keys when the stored version differs, keeping current keys and the cards', () => {
    storage.setItem(STORAGE_KEYS.cacheVersion, '3.1');
    storage.setItem('ratio-old-cache', 'stale');
    storage.setItem('ratio-legacy-gallery', '[]');
    storage.setItem('ratio-theme', 'light');
    storage.setItem(STORAGE_KEYS.sessionId, 'session-1');
    storage.setItem(STORAGE_KEYS.collection, '[]');
    storage.setItem('unrelated', 'kept');
    initAnonymousCollection();
    expect(storage.getItem(STORAGE_KEYS.cacheVersion)).toBe(CACHE_VERSION);
    expect(storage.getItem('ratio-old-cache')).toBeNull();
    expect(storage.getItem('ratio-legacy-gallery')).toBeNull();
    expect(storage.getItem('ratio-theme')).toBe('light');
    expect(storage.getItem(STORAGE_KEYS.sessionId)).toBe('session-1');
    expect(storage.getItem(STORAGE_KEYS.collection)).toBe('[]');
    expect(storage.getItem('unrelated')).toBe('kept');
  });

  it('sets the version on a first visit', () => {
    initAnonymousCollection();
    expect(storage.getItem(STORAGE_KEYS.cacheVersion)).toBe('3.2');
  });

  it('leaves ratio-* keys alone when the version matches', () => {
    storage.setItem(STORAGE_KEYS.cacheVersion, CACHE_VERSION);
    storage.setItem('ratio-something', 'x');
    initAnonymousCollection();
    expect(storage.getItem('ratio-something')).toBe('x');
  });
});

describe('adding', () => {
  beforeEach(() => initAnonymousCollection());

  it('stores a card with an id, trimmed fields and the time, and broadcasts it', async () => {
    const result = await addAnonymousCard(newCard({ player: '  Shohei Ohtani ' }));
    const expected: TAnonymousCard = {
      id: 'id-2', // id-1 went to the session id
      image: 'data:image/jpeg;base64,AAAA',
      player: 'Shohei Ohtani',
      year: '2018',
      brand: 'Topps Chrome',
      condition: 'PSA 10 GEM MT',
      userValue: '$1,250',
      userNotes: '',
      addedAt: '2026-11-21T12:00:00.000Z',
      cardNumber: '',
      certNumber: '12345678',
      variety: '',
      sport: '',
    };
    expect(result).toEqual({ ok: true, card: expected });
    expect(storedCards()).toEqual([expected]);
    expect($anonymousCollection.get()).toEqual([expected]);
    expect(broadcasts).toEqual([[expected]]);
    expect(toasts).toEqual([]);
  });

  it(`refuses card ${ANONYMOUS_CARD_LIMIT + 1} with "Free Limit Reached" and sends the visitor to the upgrade`, async () => {
    for (let i = 0; i < ANONYMOUS_CARD_LIMIT; i++) {
      expect((await addAnonymousCard(newCard({ player: `Player ${i}` }))).ok).toBe(true);
    }
    const result = await addAnonymousCard(newCard({ player: 'One too many' }));
    expect(result).toEqual({ ok: false, reason: 'limit' });
    expect(storedCards().map((c) => c.player)).toEqual(['Player 0', 'Player 1', 'Player 2']);
    expect(nextPageToasts).toEqual([COLLECTION_MESSAGES.limit]);
    expect(COLLECTION_MESSAGES.limit).toMatchObject({
      title: 'Free Limit Reached',
      description: 'Upgrade to PRO for unlimited card storage!',
    });
    expect(navigations).toEqual([UPGRADE_URL]);
    expect(UPGRADE_URL).toBe('/collection?showUpgrade=true');
  });

  it('counts cards another tab saved since this one loaded', async () => {
    const other = [1, 2, 3].map((n) => ({ id: `t${n}`, image: '', player: `P${n}` }));
    storage.setItem(STORAGE_KEYS.collection, JSON.stringify(other));
    const result = await addAnonymousCard(newCard());
    expect(result).toEqual({ ok: false, reason: 'limit' });
    expect($anonymousCollection.get()).toHaveLength(3);
  });

  it('says "Update Failed" when storage refuses for another reason', async () => {
    storage.failWrites = 'error';
    const result = await addAnonymousCard(newCard());
    expect(result).toEqual({ ok: false, reason: 'failed' });
    expect(toasts).toEqual([COLLECTION_MESSAGES.updateFailed]);
    expect($anonymousCollection.get()).toEqual([]);
    expect(broadcasts).toEqual([]);
  });
});

describe('full storage', () => {
  beforeEach(() => initAnonymousCollection());

  function capacityFor(options: TEncodeOptions): number {
    // Room for the card with exactly this re-encode, and not one character more.
    let used = 0;
    for (const [k, v] of storage.items) used += k.length + v.length;
    const card: TAnonymousCard = { ...newCard(), id: 'id-2', image: fakeImage(options), addedAt: '2026-11-21T12:00:00.000Z' };
    return used + STORAGE_KEYS.collection.length + JSON.stringify([card]).length;
  }

  it('recompresses at quality 0.7 / 800 px and saves when that fits', async () => {
    storage.capacity = capacityFor({ maxSide: 800, quality: 0.7 });
    const result = await addAnonymousCard(newCard({ image: BIG_IMAGE }));
    expect(result.ok).toBe(true);
    expect(recompressions).toEqual([{ maxSide: 800, quality: 0.7 }]);
    expect(storedCards()[0]?.image).toBe(fakeImage({ maxSide: 800, quality: 0.7 }));
    expect(toasts).toEqual([]);
  });

  it('steps down to quality 0.4 at 600 and then 400 px', async () => {
    storage.capacity = capacityFor({ maxSide: 400, quality: 0.4 });
    const result = await addAnonymousCard(newCard({ image: BIG_IMAGE }));
    expect(result.ok).toBe(true);
    expect(recompressions).toEqual([...RECOMPRESSION_STEPS]);
    expect(RECOMPRESSION_STEPS).toEqual([
      { maxSide: 800, quality: 0.7 },
      { maxSide: 600, quality: 0.4 },
      { maxSide: 400, quality: 0.4 },
    ]);
    expect(storedCards()[0]?.image).toBe(fakeImage({ maxSide: 400, quality: 0.4 }));
  });

  it('says "Storage Limit Reached" when even the smallest image does not fit', async () => {
    storage.capacity = capacityFor({ maxSide: 400, quality: 0.4 }) - 1;
    const result = await addAnonymousCard(newCard({ image: BIG_IMAGE }));
    expect(result).toEqual({ ok: false, reason: 'storage_full' });
    expect(recompressions).toHaveLength(3);
    expect(toasts).toEqual([COLLECTION_MESSAGES.storageFull]);
    expect(COLLECTION_MESSAGES.storageFull).toMatchObject({
      title: 'Storage Limit Reached',
      description: 'Browser storage is full. Upgrade to PRO for unlimited cloud storage.',
    });
    expect(storage.getItem(STORAGE_KEYS.collection)).toBeNull();
    expect($anonymousCollection.get()).toEqual([]);
  });

  it('keeps trying smaller steps when a re-encode fails', async () => {
    storage.capacity = 10; // nothing fits
    recompressFails = true;
    const result = await addAnonymousCard(newCard({ image: BIG_IMAGE }));
    expect(result).toEqual({ ok: false, reason: 'storage_full' });
    expect(recompressions).toHaveLength(3);
    expect(toasts).toEqual([COLLECTION_MESSAGES.storageFull]);
  });
});

describe('editing and deleting', () => {
  let first: TAnonymousCard;
  let second: TAnonymousCard;

  beforeEach(async () => {
    initAnonymousCollection();
    const a = await addAnonymousCard(newCard({ player: 'Mike Trout' }));
    const b = await addAnonymousCard(newCard({ player: 'Shohei Ohtani' }));
    if (!a.ok || !b.ok) throw new Error('setup failed');
    first = a.card;
    second = b.card;
    broadcasts.length = 0;
  });

  const edit = {
    player: 'Mike Trout',
    year: '2011',
    brand: 'Topps Update',
    condition: 'PSA 9 MINT',
    userValue: '900',
    userNotes: 'Rookie',
    cardNumber: 'US175',
    certNumber: '87654321',
    variety: '',
    sport: 'Baseball',
  };

  it('keeps the id, image and time, persists, broadcasts and says "Card Updated"', () => {
    expect(updateAnonymousCard(first.id, edit)).toBe(true);
    const updated = { ...first, ...edit };
    expect(storedCards()).toEqual([updated, second]);
    expect($anonymousCollection.get()).toEqual([updated, second]);
    expect(broadcasts).toEqual([[updated, second]]);
    expect(toasts).toEqual([COLLECTION_MESSAGES.updated]);
    expect(COLLECTION_MESSAGES.updated).toMatchObject({ title: 'Card Updated', description: 'Your card details have been saved.' });
  });

  it('says "Update Failed" and changes nothing when storage refuses', () => {
    storage.failWrites = 'error';
    expect(updateAnonymousCard(first.id, edit)).toBe(false);
    expect(toasts).toEqual([COLLECTION_MESSAGES.updateFailed]);
    expect($anonymousCollection.get()).toEqual([first, second]);
    expect(broadcasts).toEqual([]);
  });

  it('says "Update Failed" for a card that is gone', () => {
    expect(updateAnonymousCard('missing', edit)).toBe(false);
    expect(toasts).toEqual([COLLECTION_MESSAGES.updateFailed]);
  });

  it('removes a card, persists, broadcasts and says "Card Removed"', () => {
    expect(removeAnonymousCard(first.id)).toBe(true);
    expect(storedCards()).toEqual([second]);
    expect($anonymousCollection.get()).toEqual([second]);
    expect(broadcasts).toEqual([[second]]);
    expect(toasts).toEqual([COLLECTION_MESSAGES.removed]);
    expect(COLLECTION_MESSAGES.removed).toMatchObject({ title: 'Card Removed', description: 'Card has been deleted from your collection.' });
  });

  it('says "Delete Failed" and keeps the card when storage refuses', () => {
    storage.failWrites = 'error';
    expect(removeAnonymousCard(first.id)).toBe(false);
    expect(toasts).toEqual([COLLECTION_MESSAGES.deleteFailed]);
    expect($anonymousCollection.get()).toEqual([first, second]);
  });

  it('frees a slot: after a delete at the limit, a new card fits', async () => {
    await addAnonymousCard(newCard({ player: 'Third' }));
    expect((await addAnonymousCard(newCard())).ok).toBe(false);
    removeAnonymousCard(second.id);
    expect((await addAnonymousCard(newCard({ player: 'Fourth' }))).ok).toBe(true);
    expect(storedCards().map((c) => c.player)).toEqual(['Mike Trout', 'Third', 'Fourth']);
  });

  it('writes the trial backup with images blanked and marks a pending migration', () => {
    expect(backupAnonymousCollection()).toBe(true);
    const backup = JSON.parse(storage.getItem(STORAGE_KEYS.backup) ?? 'null') as TAnonymousCard[];
    expect(backup).toEqual([
      { ...first, image: '' },
      { ...second, image: '' },
    ]);
    expect(storage.getItem(STORAGE_KEYS.pendingMigration)).toBe('true');
    expect(storedCards()).toEqual([first, second]); // the collection keeps its images
  });

  it('reports a refused backup', () => {
    storage.failWrites = 'error';
    expect(backupAnonymousCollection()).toBe(false);
  });

  it('clears the local copy after a transfer', () => {
    backupAnonymousCollection();
    clearAnonymousCollection();
    expect(storage.getItem(STORAGE_KEYS.collection)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.backup)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.pendingMigration)).toBeNull();
    expect($anonymousCollection.get()).toEqual([]);
    expect(readAnonymousCollection()).toEqual([]);
    expect(broadcasts).toEqual([[]]);
  });
});

describe('other tabs and other code', () => {
  beforeEach(() => initAnonymousCollection());

  function storageEvent(key: string | null): Event {
    return Object.assign(new Event('storage'), { key });
  }

  it('follows a change another tab made and rebroadcasts it on this page', () => {
    const card = { id: 'other', image: 'data:,', player: 'Ken Griffey Jr.' };
    storage.items.set(STORAGE_KEYS.collection, JSON.stringify([card]));
    events.dispatchEvent(storageEvent(STORAGE_KEYS.collection));
    expect($anonymousCollection.get().map((c) => c.player)).toEqual(['Ken Griffey Jr.']);
    expect(broadcasts).toHaveLength(1);
  });

  it('follows another tab clearing storage', async () => {
    await addAnonymousCard(newCard());
    storage.items.clear();
    events.dispatchEvent(storageEvent(null));
    expect($anonymousCollection.get()).toEqual([]);
  });

  it('ignores storage events for other keys', async () => {
    await addAnonymousCard(newCard());
    broadcasts.length = 0;
    events.dispatchEvent(storageEvent('ratio-theme'));
    expect(broadcasts).toEqual([]);
    expect($anonymousCollection.get()).toHaveLength(1);
  });

  it('re-reads storage when other code announces a change', () => {
    storage.items.set(STORAGE_KEYS.collection, JSON.stringify([{ id: 'z', image: '' }]));
    events.dispatchEvent(new CustomEvent(COLLECTION_UPDATED_EVENT, { detail: [] }));
    expect($anonymousCollection.get().map((c) => c.id)).toEqual(['z']);
  });

  it('stops listening when reconfigured', () => {
    configureAnonymousCollection({ storage, events });
    storage.items.set(STORAGE_KEYS.collection, JSON.stringify([{ id: 'y', image: '' }]));
    events.dispatchEvent(storageEvent(STORAGE_KEYS.collection));
    expect($anonymousCollection.get()).toEqual([]);
  });
});
