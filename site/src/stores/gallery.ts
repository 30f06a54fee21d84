/**
 * The signed-in gallery's wall (docs/product.md §2 /gallery, §4 swap, §7 card calls, §8): the cards, the
 * dialog, swap mode and the trial start, as atoms and the only functions that change them.
 * Layout settings and access live in gallery-layout.ts; pure rules in core/gallery.ts.
 */
import { atom, computed } from 'nanostores';
import { canSwap, swapStep } from '../../../core/gallery.ts';
import { cardDataOf } from '../../../core/cards/card-data.ts';
import { changedCardData, readCardForm, uploadFieldsOf, type TCardForm } from '../../../core/cards/form.ts';
import { ApiError, callApi } from '../lib/api.ts';
import * as API from '../../../core/contracts/api.ts';
import { callUrl, type TAnswerOf } from '../../../core/contracts/call.ts';
import { attempt } from './attempt.ts';
import { toast } from './toast.ts';
import type { TGalleryAccess } from './gallery-layout.ts';
import { setUser } from './user.ts';
import type { TSlotView } from '../../../core/contracts/cards.types.ts';
import { FIRST_PAGE } from '../lib/first-screen-boot.ts';

/* ---------- Types ---------- */

/** A slot as the card calls answer it: the shared contract (core/contracts), so the two cannot drift. */
export type TGalleryCard = TSlotView;

/**
 * A card as the add and edit forms hold it: the value inputs and the card's own fields
 * (core/cards/form.ts); the title and description are made from them (core/cards/title.ts).
 */
export interface TCardFormFields extends TCardForm {
  value: string;
  allTimeHigh: string;
}

/** Features a user without PRO is offered in the upsell dialog. */
export type TUpsellFeature = 'swap' | 'layouts' | 'full-gallery' | 'slot' | 'locked-slot';

/** The one dialog open on the page. */
export type TGalleryDialog =
  | { kind: 'add'; slot: number }
  | { kind: 'edit'; slot: number }
  | { kind: 'view'; slot: number }
  | { kind: 'delete'; slot: number }
  | { kind: 'upsell'; feature: TUpsellFeature };

/* ---------- Atoms ---------- */

/** Filled slots by slot number (empty slots have no entry). */
export const $cards = atom<ReadonlyMap<number, TGalleryCard>>(new Map());
/**
 * 'loading' until the first cards arrive; 'partial' while only the first page is known (slots up
 * to $cardsKnownUpTo); 'ready' once the whole wall is.
 */
export const $cardsState = atom<'loading' | 'partial' | 'ready' | 'error'>('loading');
/** While 'partial': the highest slot whose content is known (the slots after it are not yet). */
export const $cardsKnownUpTo = atom<number>(0);
/** The filled slots in slot order. */
export const $cardList = computed($cards, (cards) => [...cards.values()].sort((a, b) => a.slotNumber - b.slotNumber));
/** SWAP MODE: taps select and swap instead of opening the viewer. */
export const $swapMode = atom(false);
/** The slot selected in swap mode (highlighted), or null. */
export const $swapSelection = atom<number | null>(null);
/** Slots with a call in flight: they take no taps until it settles. */
export const $pendingSlots = atom<ReadonlySet<number>>(new Set());
/** The dialog open, or null. */
export const $dialog = atom<TGalleryDialog | null>(null);
/** The upload in flight and its progress (0..1). */
export const $upload = atom<{ slot: number; progress: number } | null>(null);

/* ---------- Dialogs and navigation ---------- */

/** Opens a dialog (replacing any open one). */
export function openDialog(dialog: TGalleryDialog): void {
  $dialog.set(dialog);
}

/** Closes the open dialog. */
export function closeDialog(): void {
  $dialog.set(null);
}

/**
 * Closes the dialog only if it is still the one given (a call that finishes after the user moved
 * on to another dialog must not close that one).
 */
export function closeDialogIf(kind: TGalleryDialog['kind'], slot: number): void {
  const open = $dialog.get();
  if (open && open.kind === kind && 'slot' in open && open.slot === slot) $dialog.set(null);
}

/** Where upgrade actions go (docs/product.md §2, §8 UPGRADE_REQUIRED). */
export const PRICING_PATH = '/pricing';

function goTo(path: string): void {
  window.location.assign(path);
}

/* ---------- Cards ---------- */

/** Puts answered slots into the wall (an empty one removes its card). */
export function putSlots(slots: readonly TGalleryCard[]): void {
  const next = new Map($cards.get());
  for (const slot of slots) {
    if (slot.isEmpty) next.delete(slot.slotNumber);
    else next.set(slot.slotNumber, slot);
  }
  $cards.set(next);
}

function setPending(slots: readonly number[], on: boolean): void {
  const next = new Set($pendingSlots.get());
  for (const slot of slots) {
    if (on) next.add(slot);
    else next.delete(slot);
  }
  $pendingSlots.set(next);
}

/** True when the server refused because of the tier (docs/product.md §7: 403 with requiresUpgrade). */
export function isUpgradeRequired(err: unknown): boolean {
  if (!(err instanceof ApiError) || err.status !== 403) return false;
  const error = err.body?.error;
  return Boolean(error && typeof error === 'object' && (error as Record<string, unknown>).requiresUpgrade === true);
}

/**
 * A card action on `slots` (marked pending meanwhile): docs/product.md §8, UPGRADE_REQUIRED goes to /pricing; other
 * card errors show 'Error' with the message or `failure`. `undo` runs first on any failure.
 */
async function cardAction(slots: readonly number[], failure: string, call: () => Promise<true>, undo?: () => void): Promise<boolean> {
  const done = await attempt(
    {
      failure,
      pending: (on) => setPending(slots, on),
      recover: (err) => {
        undo?.();
        if (!isUpgradeRequired(err)) return false;
        goTo(PRICING_PATH);
        return true;
      },
    },
    call,
  );
  return done ?? false;
}

/**
 * The first page of cards as the page's inline script took it (first-screen-boot.ts): the list
 * itself when the server wrote it into the page, a promise of it when the script asked for it,
 * null if it got none, undefined off /gallery.
 */
function bootFirstPage(): TGalleryCard[] | Promise<TGalleryCard[] | null> | null | undefined {
  return typeof window === 'undefined' ? undefined : window.__ratioFirstPage;
}

/** Longest the rest of the wall waits for the first row's thumbnails. */
const FIRST_THUMBS_WAIT_MS = 1500;

/**
 * Settles once the first row's thumbnails (started by the page's inline script) are loaded and
 * decoded, or failed, or after FIRST_THUMBS_WAIT_MS: the 1,000-card answer and its parse and
 * re-render come after the first screen's images, not in their way.
 */
function firstThumbsShown(): Promise<void> {
  const thumbs = typeof window === 'undefined' ? undefined : window.__ratioFirstThumbs;
  if (!thumbs?.length) return Promise.resolve();
  const all = Promise.all(thumbs.map((img) => (img.src ? img.decode().catch(() => undefined) : undefined)));
  return Promise.race([all.then(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, FIRST_THUMBS_WAIT_MS))]);
}

/** Whether two answers for a slot say the same (each field a plain value). */
function sameCard(a: TGalleryCard, b: TGalleryCard): boolean {
  const keys = Object.keys(a) as (keyof TGalleryCard)[];
  // Subgrades are the one object among a card's fields: compared by what they hold.
  return (
    keys.length === Object.keys(b).length && keys.every((k) => Object.is(a[k], b[k]) || (k === 'subgrades' && JSON.stringify(a[k]) === JSON.stringify(b[k])))
  );
}

/** Sets the wall's cards, keeping the object of a card that did not change, so its slot does not re-render. */
function setCards(list: readonly TGalleryCard[]): void {
  const old = $cards.get();
  $cards.set(
    new Map(
      list
        .filter((c) => !c.isEmpty)
        .map((c) => {
          const had = old.get(c.slotNumber);
          return [c.slotNumber, had && sameCard(had, c) ? had : c];
        }),
    ),
  );
}

/**
 * Shows the first page of a wall: the whole wall when it holds fewer cards than a page, else the
 * slots up to its last card, the rest marked as not yet known ('partial').
 */
export function takeFirstPage(first: readonly TGalleryCard[]): void {
  setCards(first);
  if (first.length < FIRST_PAGE) {
    $cardsState.set('ready');
    return;
  }
  $cardsKnownUpTo.set(first.at(-1)?.slotNumber ?? 0);
  $cardsState.set('partial');
}

// The first page written into /gallery is the wall's from the start: its first render shows it.
const written = bootFirstPage();
if (Array.isArray(written)) takeFirstPage(written);

/**
 * Loads the user's slots. On the page's first load the first page comes first (written into the
 * page, else asked for), so the first screen of cards does not wait for a 1,000-card answer; the
 * whole wall follows once it is drawn. Safe to call again (after a trial start, a retry): then it
 * loads the whole wall.
 */
export async function loadCards(): Promise<void> {
  try {
    if ($cardsState.get() === 'loading') {
      takeFirstPage((await bootFirstPage()) ?? (await callApi(API.listCards, { query: { limit: FIRST_PAGE } })));
      if ($cardsState.get() === 'ready') return;
    }
    if ($cardsState.get() === 'partial') {
      // The rest once the first screen is drawn and its first row of thumbnails is in.
      await firstThumbsShown();
      await new Promise<void>((resolve) =>
        typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: 300 }) : setTimeout(resolve, 0),
      );
    }
    const all = await callApi(API.listCards);
    // The answer's parse, the cards' re-render and the ready wall's in tasks of their own (each short
    // on a slow phone); meanwhile the slots past the first page stay as they were (not yet known).
    const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
    await nextTask();
    setCards(all);
    await nextTask();
    $cardsState.set('ready');
  } catch {
    if ($cardsState.get() !== 'ready') $cardsState.set('error');
  }
}

/** Sends a multipart upload, reporting upload progress (0..1); rejects with ApiError like apiRequest. */
function sendWithProgress<T>(path: string, form: FormData, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const text = xhr.responseText;
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else reject(new ApiError(xhr.status, text || xhr.statusText, body && typeof body === 'object' ? (body as Record<string, unknown>) : undefined));
    };
    xhr.onerror = () => reject(new Error('Network error'));
    xhr.send(form);
  });
}

/**
 * Uploads a photo with its fields into a slot (the card's fields as the form read them, checked
 * first by the form). Resolves true when saved (toast shown either way).
 */
export async function uploadCard(slot: number, file: File, fields: TCardFormFields): Promise<boolean> {
  const form = new FormData();
  form.append('image', file, file.name || 'card.jpg');
  const sent = { value: fields.value.trim(), allTimeHigh: fields.allTimeHigh.trim(), ...uploadFieldsOf(readCardForm(fields).data) };
  for (const [key, value] of Object.entries(sent)) if (value) form.append(key, value);
  $upload.set({ slot, progress: 0 });
  try {
    return await cardAction([slot], 'Failed to upload card', async () => {
      const card = await sendWithProgress<TAnswerOf<typeof API.uploadCard>>(callUrl(API.uploadCard, { params: { slot } }), form, (progress) =>
        $upload.set({ slot, progress }),
      );
      putSlots([card]);
      toast({ title: 'Card uploaded successfully!', variant: 'success' });
      return true;
    });
  } finally {
    $upload.set(null);
  }
}

/**
 * Saves a card's values (blank ones clear them) and the fields that changed from `card` (the server
 * makes the title and description again from them). Resolves true when saved.
 */
export async function updateCard(card: TGalleryCard, fields: TCardFormFields): Promise<boolean> {
  const slot = card.slotNumber;
  return cardAction([slot], 'Failed to update card', async () => {
    const saved = await callApi(API.updateCard, {
      params: { slot },
      body: {
        value: fields.value.trim() || null,
        allTimeHigh: fields.allTimeHigh.trim() || null,
        ...changedCardData(cardDataOf(card), readCardForm(fields).data),
      },
    });
    putSlots([saved]);
    toast({ title: 'Card updated successfully!', variant: 'success' });
    return true;
  });
}

/** Empties a slot. Resolves true when deleted. */
export async function deleteCard(slot: number): Promise<boolean> {
  return cardAction([slot], 'Failed to delete card', async () => {
    await callApi(API.clearSlot, { params: { slot } });
    const next = new Map($cards.get());
    next.delete(slot);
    $cards.set(next);
    if ($swapSelection.get() === slot) $swapSelection.set(null);
    toast({ title: 'Card deleted successfully!', variant: 'success' });
    return true;
  });
}

/**
 * Swaps two slots (a card and an empty slot: the card moves). The wall changes at once; if the
 * server refuses, the two slots are put back and 'Failed to swap cards' (or its message) shows.
 */
export async function swapCards(from: number, to: number): Promise<boolean> {
  const before = $cards.get();
  const a = before.get(from);
  const b = before.get(to);
  if (from === to || (!a && !b)) return false;
  const moved = new Map(before);
  moved.delete(from);
  moved.delete(to);
  if (a) moved.set(to, { ...a, slotNumber: to });
  if (b) moved.set(from, { ...b, slotNumber: from });
  $cards.set(moved);
  const rollback = () => {
    const back = new Map($cards.get());
    back.delete(from);
    back.delete(to);
    if (a) back.set(from, a);
    if (b) back.set(to, b);
    $cards.set(back);
  };
  return cardAction(
    [from, to],
    'Failed to swap cards',
    async () => {
      putSlots(await callApi(API.swapCards, { body: { fromSlot: from, toSlot: to } }));
      toast({ title: 'Cards swapped successfully!', variant: 'success' });
      return true;
    },
    rollback,
  );
}

/* ---------- Swap mode ---------- */

/**
 * SWAP MODE button (visible to all, docs/product.md §2): without PRO features it opens the upsell dialog;
 * with them it turns swap mode on or off (clearing any selection). View-only walls cannot swap.
 */
export function toggleSwapMode(access: TGalleryAccess): void {
  if (!canSwap({ hasProFeatures: access.pro })) {
    openDialog({ kind: 'upsell', feature: 'swap' });
    return;
  }
  if (!access.canEdit) return;
  $swapMode.set(!$swapMode.get());
  $swapSelection.set(null);
}

/** Leaves swap mode. */
export function exitSwapMode(): void {
  $swapMode.set(false);
  $swapSelection.set(null);
}

/** A tap (click, Enter or Space) on a slot in swap mode. */
export function tapSlotForSwap(slot: number): void {
  const pending = $pendingSlots.get();
  if (pending.has(slot)) return;
  const step = swapStep($swapSelection.get(), slot, $cards.get().has(slot));
  switch (step.kind) {
    case 'select':
      $swapSelection.set(step.slot);
      toast({ title: 'Card Selected', description: 'Tap another slot to swap, or the same card to cancel.' });
      break;
    case 'clear':
      $swapSelection.set(null);
      break;
    case 'swap':
      $swapSelection.set(null);
      void swapCards(step.from, step.to);
      break;
    case 'ignore':
      break;
  }
}

/* ---------- Trial ---------- */

/**
 * 'Try PRO' on the free banner: starts the 7-day trial (POST /api/start-free-trial), updates the
 * user and reloads the slots. A refusal shows 'Trial setup failed' (docs/product.md §8).
 */
export async function startTrial(): Promise<boolean> {
  const done = await attempt({ title: 'Trial setup failed', failure: 'Please try again' }, async () => {
    setUser(await callApi(API.startFreeTrial));
    toast({ title: 'Free trial started!', description: 'Enjoy 7 days of PRO - no credit card required.', variant: 'success' });
    void loadCards();
    return true;
  });
  return done ?? false;
}

/** Goes to /pricing (the Upgrade actions and REGISTRY MODE for users without PRO). */
export function goToPricing(query = ''): void {
  goTo(PRICING_PATH + query);
}
