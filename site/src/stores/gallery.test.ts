import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstOpenSlot, freeBanner, registryFigures, swapStep } from '../../../core/gallery.ts';
import { ApiError } from '../lib/api.ts';
import {
  $cards,
  $dialog,
  $pendingSlots,
  $swapMode,
  $swapSelection,
  closeDialogIf,
  isUpgradeRequired,
  openDialog,
  swapCards,
  tapSlotForSwap,
  toggleSwapMode,
  type TGalleryCard,
} from './gallery.ts';
import { $settings, DEFAULT_SETTINGS, galleryAccess, parseSettings, setCustomCount, slotsShown, type TGalleryAccess } from './gallery-layout.ts';
import { $toast } from './toast.ts';
import type { TUser } from './user.ts';

const access = (status: string, overrides: Partial<TGalleryAccess> = {}): TGalleryAccess => ({
  ...galleryAccess({
    accountStatus: status as TUser['accountStatus'],
    banner: (status === 'pro' ? 'none' : status) as TUser['banner'],
    hasProFeatures: status === 'pro' || status === 'trial' || status === 'grandfathered',
    canEdit: status !== 'trial_expired',
    maxSlots: status === 'pro' || status === 'trial' ? 1000 : 10,
    trialUsed: status === 'trial' || status === 'trial_expired',
    readOnlyAbove: null,
  }),
  ...overrides,
});

const card = (slotNumber: number, title = `Card ${slotNumber}`, valueCents: number | null = 1000): TGalleryCard => ({
  id: slotNumber,
  slotNumber,
  imageUrl: `/api/images/x/large`,
  thumbUrl: `/api/images/x/thumb`,
  originalUrl: null,
  title,
  description: '',
  value: valueCents === null ? null : String(valueCents / 100),
  valueCents,
  allTimeHigh: null,
  allTimeHighCents: null,
  isEmpty: false,
  createdAt: null,
  updatedAt: null,
});

const wall = (...cards: TGalleryCard[]) => new Map(cards.map((c) => [c.slotNumber, c]));

describe('settings', () => {
  it('defaults to 4x5, custom 30, panels shown, registry off', () => {
    expect(parseSettings(null)).toEqual({ layout: '4x5', customCount: 30, fullGallery: false, registryMode: false, valueChart: false });
    expect(parseSettings('not json')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('"a string"')).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps valid saved choices and repairs the rest', () => {
    expect(parseSettings(JSON.stringify({ layout: 'custom', customCount: 120, fullGallery: true, registryMode: true, valueChart: true }))).toEqual({
      layout: 'custom',
      customCount: 120,
      fullGallery: true,
      registryMode: true,
      valueChart: true,
    });
    expect(parseSettings(JSON.stringify({ layout: '9x9', customCount: 99999, fullGallery: 'yes' }))).toEqual({
      layout: '4x5',
      customCount: 1000,
      fullGallery: false,
      registryMode: false,
      valueChart: false,
    });
    expect(parseSettings(JSON.stringify({ layout: 'custom', customCount: 'many' })).customCount).toBe(1);
  });

  it('setCustomCount clamps to 1..1000 (1 when not a number) and switches to CUSTOM', () => {
    $settings.set(DEFAULT_SETTINGS);
    expect(setCustomCount('0')).toBe(1);
    expect(setCustomCount('250')).toBe(250);
    expect($settings.get()).toMatchObject({ layout: 'custom', customCount: 250 });
    expect(setCustomCount('lots')).toBe(1);
    expect(setCustomCount(1e9)).toBe(1000);
  });
});

describe('access and slots shown', () => {
  it('gives PRO features to pro, trial and grandfathered only', () => {
    expect(['free', 'trial', 'pro', 'grandfathered', 'trial_expired'].map((s) => access(s).pro)).toEqual([false, true, true, true, false]);
    expect(access('trial_expired').canEdit).toBe(false);
    expect(access('free').trialUsed).toBe(false);
    expect(access('trial_expired').trialUsed).toBe(true);
  });

  it('shows 10 slots without PRO features whatever the layout, else the layout count', () => {
    const custom = { ...DEFAULT_SETTINGS, layout: 'custom' as const, customCount: 300 };
    expect(slotsShown(custom, access('free'), 4)).toBe(10);
    expect(slotsShown({ ...DEFAULT_SETTINGS, layout: '6x4' }, access('free'), 0)).toBe(10);
    expect(slotsShown(DEFAULT_SETTINGS, access('trial'), 0)).toBe(20);
    expect(slotsShown({ ...DEFAULT_SETTINGS, layout: '6x4' }, access('pro'), 0)).toBe(24);
    expect(slotsShown({ ...DEFAULT_SETTINGS, layout: '2x5' }, access('grandfathered'), 0)).toBe(10);
    expect(slotsShown(custom, access('pro'), 900)).toBe(300);
  });

  it('still shows the cards past slot 10 of an expired trial (view-only)', () => {
    expect(slotsShown(DEFAULT_SETTINGS, access('trial_expired'), 42)).toBe(42);
    expect(slotsShown(DEFAULT_SETTINGS, access('trial_expired'), 3)).toBe(10);
  });

  it('finds the first open slot the user may fill', () => {
    expect(firstOpenSlot(wall(card(1), card(2), card(4)), 20, 1000)).toBe(3);
    expect(firstOpenSlot(wall(...Array.from({ length: 10 }, (_, i) => card(i + 1))), 20, 10)).toBeNull();
    expect(firstOpenSlot(wall(card(1)), 1, 1000)).toBeNull();
  });
});

describe('banners', () => {
  it('free banner: FREE TIER, ALMOST FULL from 8, slots used, Try PRO until a trial was used', () => {
    expect(freeBanner(access('free'), 3)).toEqual({ label: 'FREE TIER', used: '3/10 slots used', action: 'try', more: 990 });
    expect(freeBanner(access('free'), 7)?.label).toBe('FREE TIER');
    expect(freeBanner(access('free'), 8)).toMatchObject({ label: 'ALMOST FULL', used: '8/10 slots used' });
    expect(freeBanner(access('free'), 10)?.used).toBe('10/10 slots used');
    expect(freeBanner(access('free', { trialUsed: true }), 1)?.action).toBe('upgrade');
    for (const status of ['trial', 'pro', 'grandfathered', 'trial_expired']) expect(freeBanner(access(status), 5)).toBeNull();
    expect(freeBanner(access('free', { banner: 'data_retention' }), 5)).toBeNull();
  });
});

describe('swap selection machine', () => {
  it('selects a card, clears on the same slot, swaps with another (filled or empty)', () => {
    expect(swapStep(null, 3, true)).toEqual({ kind: 'select', slot: 3 });
    expect(swapStep(null, 3, false)).toEqual({ kind: 'ignore' });
    expect(swapStep(3, 3, true)).toEqual({ kind: 'clear' });
    expect(swapStep(3, 7, true)).toEqual({ kind: 'swap', from: 3, to: 7 });
    expect(swapStep(3, 8, false)).toEqual({ kind: 'swap', from: 3, to: 8 });
  });
});

describe('swap actions', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    $cards.set(wall(card(1, 'Alpha'), card(2, 'Bravo')));
    $swapSelection.set(null);
    $swapMode.set(false);
    $toast.set(null);
    $dialog.set(null);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  const titles = () => Object.fromEntries([...$cards.get().values()].map((c) => [c.slotNumber, c.title]));
  const respond = (status: number, body: unknown) => new Response(body === undefined ? '' : JSON.stringify(body), { status });

  it('free users get the upsell instead of swap mode', () => {
    toggleSwapMode(access('free'));
    expect($swapMode.get()).toBe(false);
    expect($dialog.get()).toEqual({ kind: 'upsell', feature: 'swap' });
    toggleSwapMode(access('trial'));
    expect($swapMode.get()).toBe(true);
  });

  it('tap, tap again clears; tap then another swaps optimistically and keeps the server answer', async () => {
    tapSlotForSwap(1);
    expect($swapSelection.get()).toBe(1);
    expect($toast.get()?.title).toBe('Card Selected');
    tapSlotForSwap(1);
    expect($swapSelection.get()).toBeNull();
    tapSlotForSwap(5); // an empty slot first selects nothing
    expect($swapSelection.get()).toBeNull();

    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const done = swapCards(1, 5);
    expect(titles()).toEqual({ 2: 'Bravo', 5: 'Alpha' }); // at once, before the server answers
    expect($pendingSlots.get()).toEqual(new Set([1, 5]));
    answer(respond(200, [{ ...card(1), isEmpty: true }, card(5, 'Alpha')]));
    expect(await done).toBe(true);
    expect(titles()).toEqual({ 2: 'Bravo', 5: 'Alpha' });
    expect($pendingSlots.get().size).toBe(0);
    expect($toast.get()?.title).toBe('Cards swapped successfully!');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/cards/swap');
    expect(JSON.parse(String(init?.body))).toEqual({ fromSlot: 1, toSlot: 5 });
  });

  it('rolls back a refused swap with "Failed to swap cards" or the server message', async () => {
    fetchMock.mockResolvedValueOnce(respond(500, undefined));
    expect(await swapCards(1, 2)).toBe(false);
    expect(titles()).toEqual({ 1: 'Alpha', 2: 'Bravo' });
    expect($toast.get()).toMatchObject({ title: 'Error', description: 'Failed to swap cards', variant: 'error' });

    fetchMock.mockResolvedValueOnce(respond(400, { error: { code: 'same_slot', message: 'Choose two different slots to swap' } }));
    expect(await swapCards(2, 1)).toBe(false);
    expect($toast.get()?.description).toBe('Choose two different slots to swap');
    expect(titles()).toEqual({ 1: 'Alpha', 2: 'Bravo' });
  });

  it('goes to /pricing when the server says an upgrade is required', async () => {
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { assign } });
    fetchMock.mockResolvedValueOnce(respond(403, { error: { code: 'slot_limit', message: 'Upgrade', requiresUpgrade: true } }));
    expect(await swapCards(1, 11)).toBe(false);
    expect(assign).toHaveBeenCalledWith('/pricing');
    expect(titles()).toEqual({ 1: 'Alpha', 2: 'Bravo' });
  });

  it('recognises UPGRADE_REQUIRED only on a 403 with requiresUpgrade', () => {
    expect(isUpgradeRequired(new ApiError(403, 'x', { error: { requiresUpgrade: true } }))).toBe(true);
    expect(isUpgradeRequired(new ApiError(403, 'x', { error: { code: 'forbidden' } }))).toBe(false);
    expect(isUpgradeRequired(new ApiError(400, 'x', { error: { requiresUpgrade: true } }))).toBe(false);
    expect(isUpgradeRequired(new Error('network'))).toBe(false);
  });
});

describe('dialogs', () => {
  it('a late answer closes only its own dialog', () => {
    openDialog({ kind: 'view', slot: 4 });
    closeDialogIf('add', 4);
    expect($dialog.get()).toEqual({ kind: 'view', slot: 4 });
    closeDialogIf('view', 5);
    expect($dialog.get()).not.toBeNull();
    closeDialogIf('view', 4);
    expect($dialog.get()).toBeNull();
  });
});

describe('registry figures from the store cards', () => {
  it('counts the wall as the panel shows it', () => {
    const cards = [card(1, 'A', 125000), card(2, 'B', 30000), card(5, 'C', null)];
    expect(registryFigures(cards, 20)).toMatchObject({ acquisitions: 3, valued: 2, totalCents: 155000, averageCents: 51667, completionPercent: 15 });
  });
});
