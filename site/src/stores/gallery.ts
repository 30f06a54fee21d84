/**
 * The signed-in gallery (spec §2 /gallery, §4 swap, §6, §7 card calls, §8): its atoms and the only
 * functions that change them. Islands `useStore` what they render and call these functions.
 * Pure rules (layouts, figures) live in core/gallery.ts; the pure helpers here are the UI's.
 */
import { atom, computed } from 'nanostores';
import { CUSTOM_DEFAULT, clampCustomCount, isLayoutId, layoutSlotCount, type TLayoutId } from '../../../core/gallery.ts';
import { ALMOST_FULL_AT, FREE_SLOTS, PRO_SLOTS } from '../../../core/limits.ts';
import { ApiError, apiRequest, errorMessage } from '../lib/api.ts';
import { toast } from './toast.ts';
import { setUser, type TUser } from './user.ts';

/* ---------- Types ---------- */

/** A slot as the card calls answer it (spec §3 Card slot, plus image variants and parsed cents). */
export interface TGalleryCard {
  id: number | null;
  slotNumber: number;
  /** Large image for the viewer; owner-only URL. */
  imageUrl: string | null;
  /** Grid thumbnail, at most 400x560. */
  thumbUrl: string | null;
  originalUrl: string | null;
  title: string;
  description: string;
  /** As the user typed it. */
  value: string | null;
  valueCents: number | null;
  allTimeHigh: string | null;
  allTimeHighCents: number | null;
  isEmpty: boolean;
  createdAt: string | null;
  updatedAt: string | null;
}

/** The text fields of a card as the forms hold them. */
export interface TCardFields {
  title: string;
  description: string;
  value: string;
  allTimeHigh: string;
}

/** The gallery settings held on screen and saved locally (spec §3). */
export interface TGallerySettings {
  layout: TLayoutId;
  customCount: number;
  /** FULL GALLERY: hides the summary panels. */
  fullGallery: boolean;
  /** REGISTRY MODE: titles and values under the cards plus the COLLECTION REGISTRY panel. */
  registryMode: boolean;
}

/** What the signed-in user may do here (spec §6; the server enforces, the UI mirrors). */
export interface TGalleryAccess {
  status: string;
  /** Layouts, FULL GALLERY, REGISTRY MODE, swap, full insights (pro, trial, grandfathered). */
  pro: boolean;
  /** False when the collection is view-only (an expired trial). */
  canEdit: boolean;
  /** Highest slot number the user may fill. */
  maxSlots: number;
  /** True once a trial was started (so 'Try PRO' becomes 'Upgrade'). */
  trialUsed: boolean;
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

/* ---------- Pure helpers (unit tested) ---------- */

export const DEFAULT_SETTINGS: TGallerySettings = { layout: '4x5', customCount: CUSTOM_DEFAULT, fullGallery: false, registryMode: false };
/** localStorage key of the settings. */
export const SETTINGS_KEY = 'ratio-gallery-settings';

/** Reads saved settings; anything missing or malformed falls back to the default. */
export function parseSettings(raw: string | null): TGallerySettings {
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object') data = parsed as Record<string, unknown>;
  } catch {
    // A corrupt entry is replaced by the defaults.
  }
  return {
    layout: isLayoutId(data.layout) ? data.layout : DEFAULT_SETTINGS.layout,
    customCount: data.customCount === undefined ? CUSTOM_DEFAULT : clampCustomCount(data.customCount),
    fullGallery: data.fullGallery === true,
    registryMode: data.registryMode === true,
  };
}

/** The access of a user as GET /api/user describes it. */
export function galleryAccess(user: Pick<TUser, 'accountStatus' | 'canEdit' | 'maxSlots' | 'trialEndDate'>): TGalleryAccess {
  const status = user.accountStatus;
  return {
    status,
    pro: status === 'pro' || status === 'trial' || status === 'grandfathered',
    canEdit: user.canEdit,
    maxSlots: user.maxSlots,
    trialUsed: user.trialEndDate !== null,
  };
}

/**
 * Slots the wall shows: the layout's count with PRO features (spec §6), else 10; a user without
 * PRO features who still holds cards past slot 10 (an expired trial) sees them too, view-only.
 */
export function slotsShown(settings: TGallerySettings, access: TGalleryAccess, highestFilled: number): number {
  const count = layoutSlotCount(access.pro, settings.layout, settings.customCount);
  return access.pro ? count : Math.max(count, Math.min(highestFilled, PRO_SLOTS));
}

/** The first empty slot the user may fill among the slots shown, or null when there is none. */
export function firstOpenSlot(filled: ReadonlyMap<number, unknown>, shown: number, maxSlots: number): number | null {
  const limit = Math.min(shown, maxSlots);
  for (let n = 1; n <= limit; n++) if (!filled.has(n)) return n;
  return null;
}

/** What a tap in swap mode does (spec §4 Swap). */
export type TSwapStep =
  | { kind: 'select'; slot: number }
  | { kind: 'clear' }
  | { kind: 'swap'; from: number; to: number }
  | { kind: 'ignore' };

/**
 * The swap selection machine: the first tap on a card selects it, a tap on the same slot clears
 * the selection, a tap on any other slot swaps the two (an empty slot receives the card). A first
 * tap on an empty slot selects nothing.
 */
export function swapStep(selected: number | null, slot: number, filled: boolean): TSwapStep {
  if (selected === null) return filled ? { kind: 'select', slot } : { kind: 'ignore' };
  if (selected === slot) return { kind: 'clear' };
  return { kind: 'swap', from: selected, to: slot };
}

/** The free banner (spec §2): for free users without a trial running. */
export interface TFreeBanner {
  label: 'FREE TIER' | 'ALMOST FULL';
  used: string;
  /** 'try' starts the trial (never trialed); 'upgrade' goes to /pricing. */
  action: 'try' | 'upgrade';
  /** Slots PRO adds. */
  more: number;
}

/** The free banner for a free account, or null for any other status. */
export function freeBanner(access: TGalleryAccess, cardCount: number): TFreeBanner | null {
  if (access.status !== 'free') return null;
  return {
    label: cardCount >= ALMOST_FULL_AT ? 'ALMOST FULL' : 'FREE TIER',
    used: `${Math.min(cardCount, FREE_SLOTS)}/${FREE_SLOTS} slots used`,
    action: access.trialUsed ? 'upgrade' : 'try',
    more: PRO_SLOTS - FREE_SLOTS,
  };
}

/** Trial banner tone (spec §4): 5+ days green, 2 to 4 yellow, under 2 orange. */
export function trialTone(daysLeft: number): 'green' | 'yellow' | 'orange' {
  if (daysLeft >= 5) return 'green';
  if (daysLeft >= 2) return 'yellow';
  return 'orange';
}

/* ---------- Atoms ---------- */

/** Filled slots by slot number (empty slots have no entry). */
export const $cards = atom<ReadonlyMap<number, TGalleryCard>>(new Map());
/** 'loading' until the first GET /api/cards answers. */
export const $cardsState = atom<'loading' | 'ready' | 'error'>('loading');
/** The filled slots in slot order. */
export const $cardList = computed($cards, (cards) => [...cards.values()].sort((a, b) => a.slotNumber - b.slotNumber));
export const $settings = atom<TGallerySettings>(DEFAULT_SETTINGS);
export const $swapMode = atom(false);
/** The slot selected in swap mode (highlighted), or null. */
export const $swapSelection = atom<number | null>(null);
/** Slots with a call in flight: they take no taps until it settles. */
export const $pendingSlots = atom<ReadonlySet<number>>(new Set());
export const $dialog = atom<TGalleryDialog | null>(null);
/** The upload in flight and its progress (0..1). */
export const $upload = atom<{ slot: number; progress: number } | null>(null);

/* ---------- Settings ---------- */

function saveSettings(next: TGallerySettings): void {
  $settings.set(next);
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(next));
  } catch {
    // Storage blocked: the settings hold for this page only.
  }
}

/** Reads the saved settings (call once in the browser, after hydration). */
export function loadSettings(): void {
  try {
    $settings.set(parseSettings(localStorage.getItem(SETTINGS_KEY)));
  } catch {
    $settings.set(DEFAULT_SETTINGS);
  }
}

export function setLayout(layout: TLayoutId): void {
  saveSettings({ ...$settings.get(), layout });
}

/** Sets the custom slot count, clamped (spec §5); returns the count kept. */
export function setCustomCount(input: unknown): number {
  const customCount = clampCustomCount(input);
  saveSettings({ ...$settings.get(), layout: 'custom', customCount });
  return customCount;
}

export function setFullGallery(on: boolean): void {
  saveSettings({ ...$settings.get(), fullGallery: on });
}

export function setRegistryMode(on: boolean): void {
  saveSettings({ ...$settings.get(), registryMode: on });
}

/* ---------- Dialogs and navigation ---------- */

export function openDialog(dialog: TGalleryDialog): void {
  $dialog.set(dialog);
}

export function closeDialog(): void {
  $dialog.set(null);
}

/** Where upgrade actions go (spec §2, §8 UPGRADE_REQUIRED). */
export const PRICING_PATH = '/pricing';

function goTo(path: string): void {
  window.location.assign(path);
}

/* ---------- Cards ---------- */

function putSlots(slots: readonly TGalleryCard[]): void {
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

/** True when the server refused because of the tier (spec §7: 403 with requiresUpgrade). */
export function isUpgradeRequired(err: unknown): boolean {
  if (!(err instanceof ApiError) || err.status !== 403) return false;
  const error = err.body?.error;
  return Boolean(error && typeof error === 'object' && (error as Record<string, unknown>).requiresUpgrade === true);
}

/** Spec §8: UPGRADE_REQUIRED goes to /pricing; other card errors show 'Error' with the message or the default. */
function cardError(err: unknown, fallback: string): void {
  if (isUpgradeRequired(err)) {
    goTo(PRICING_PATH);
    return;
  }
  toast({ title: 'Error', description: errorMessage(err, fallback), variant: 'error' });
}

/** Loads the user's slots. Safe to call again (after a trial start, a retry). */
export async function loadCards(): Promise<void> {
  try {
    const list = await apiRequest<TGalleryCard[]>('GET', '/api/cards');
    $cards.set(new Map(list.filter((c) => !c.isEmpty).map((c) => [c.slotNumber, c])));
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

/** Uploads a photo with its fields into a slot. Resolves true when saved (toast shown either way). */
export async function uploadCard(slot: number, file: File, fields: TCardFields): Promise<boolean> {
  const form = new FormData();
  form.append('image', file, file.name || 'card.jpg');
  for (const [key, value] of Object.entries(fields)) {
    if (value.trim()) form.append(key, value.trim());
  }
  $upload.set({ slot, progress: 0 });
  setPending([slot], true);
  try {
    const card = await sendWithProgress<TGalleryCard>(`/api/cards/${slot}/upload`, form, (progress) => $upload.set({ slot, progress }));
    putSlots([card]);
    toast({ title: 'Card uploaded successfully!', variant: 'success' });
    return true;
  } catch (err) {
    cardError(err, 'Failed to upload card');
    return false;
  } finally {
    $upload.set(null);
    setPending([slot], false);
  }
}

/** Saves a card's text fields (blank value and all-time high clear them). Resolves true when saved. */
export async function updateCard(slot: number, fields: TCardFields): Promise<boolean> {
  setPending([slot], true);
  try {
    const card = await apiRequest<TGalleryCard>('PATCH', `/api/cards/${slot}`, {
      title: fields.title.trim(),
      description: fields.description.trim(),
      value: fields.value.trim() || null,
      allTimeHigh: fields.allTimeHigh.trim() || null,
    });
    putSlots([card]);
    toast({ title: 'Card updated successfully!', variant: 'success' });
    return true;
  } catch (err) {
    cardError(err, 'Failed to update card');
    return false;
  } finally {
    setPending([slot], false);
  }
}

/** Empties a slot. Resolves true when deleted. */
export async function deleteCard(slot: number): Promise<boolean> {
  setPending([slot], true);
  try {
    await apiRequest<unknown>('DELETE', `/api/cards/${slot}`);
    const next = new Map($cards.get());
    next.delete(slot);
    $cards.set(next);
    if ($swapSelection.get() === slot) $swapSelection.set(null);
    toast({ title: 'Card deleted successfully!', variant: 'success' });
    return true;
  } catch (err) {
    cardError(err, 'Failed to delete card');
    return false;
  } finally {
    setPending([slot], false);
  }
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
  setPending([from, to], true);
  try {
    const slots = await apiRequest<TGalleryCard[]>('POST', '/api/cards/swap', { fromSlot: from, toSlot: to });
    putSlots(slots);
    toast({ title: 'Cards swapped successfully!', variant: 'success' });
    return true;
  } catch (err) {
    const rollback = new Map($cards.get());
    rollback.delete(from);
    rollback.delete(to);
    if (a) rollback.set(from, a);
    if (b) rollback.set(to, b);
    $cards.set(rollback);
    cardError(err, 'Failed to swap cards');
    return false;
  } finally {
    setPending([from, to], false);
  }
}

/* ---------- Swap mode ---------- */

/**
 * SWAP MODE button (visible to all, spec §2): without PRO features it opens the upsell dialog;
 * with them it turns swap mode on or off (clearing any selection). View-only walls cannot swap.
 */
export function toggleSwapMode(access: TGalleryAccess): void {
  if (!access.pro) {
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
 * user and reloads the slots. A refusal shows 'Trial setup failed' (spec §8).
 */
export async function startTrial(): Promise<boolean> {
  try {
    const user = await apiRequest<TUser>('POST', '/api/start-free-trial');
    setUser(user);
    toast({ title: 'Free trial started!', description: 'Enjoy 7 days of PRO - no credit card required.', variant: 'success' });
    void loadCards();
    return true;
  } catch (err) {
    toast({ title: 'Trial setup failed', description: errorMessage(err, 'Please try again'), variant: 'error' });
    return false;
  }
}

/** Goes to /pricing (the Upgrade actions and REGISTRY MODE for users without PRO). */
export function goToPricing(query = ''): void {
  goTo(PRICING_PATH + query);
}
