/**
 * How the signed-in gallery is hung (docs/product.md §2 /gallery, §3 gallery settings, §6): the layout,
 * FULL GALLERY and REGISTRY MODE saved locally, and what the user's tier allows. Atoms and the
 * only functions that change them, plus the pure helpers they rest on.
 */
import { atom } from 'nanostores';
import { CUSTOM_DEFAULT, clampCustomCount, isLayoutId, layoutSlotCount, type TLayoutId } from '../../../core/gallery.ts';
import { WALL_SETTINGS_ELEMENT_ID } from '../../../core/first-screen.ts';
import { PRO_SLOTS } from '../../../core/limits.ts';
import { readWritten } from '../lib/written.ts';
import type { TUser } from './user.ts';

/** The gallery settings held on screen and saved locally (docs/product.md §3). */
export interface TGallerySettings {
  layout: TLayoutId;
  customCount: number;
  /** FULL GALLERY: hides the summary panels. */
  fullGallery: boolean;
  /** REGISTRY MODE: titles and values under the cards plus the COLLECTION REGISTRY panel. */
  registryMode: boolean;
  /** The insights panel's value chart unfolded (docs/choices.md 47: folded by default, so the wall starts on a laptop's first screen). */
  valueChart: boolean;
}

/** What the signed-in user may do here (docs/product.md §6): the API's fields, as sent (the server enforces, the UI mirrors). */
export interface TGalleryAccess {
  status: string;
  /** The one banner the gallery shows (core/account.ts). */
  banner: string;
  /** Layouts, FULL GALLERY, REGISTRY MODE, swap, full insights (pro, trial, grandfathered). */
  pro: boolean;
  /** False when the collection is view-only (an expired trial). */
  canEdit: boolean;
  /** Highest slot number the user may fill. */
  maxSlots: number;
  /** True once a trial was started (so 'Try PRO' becomes 'Upgrade'). */
  trialUsed: boolean;
  /** Data retention: cards past this slot are read-only and blurred; null otherwise. */
  readOnlyAbove: number | null;
}

/** 4x5, custom 30 (docs/product.md §9), panels shown, registry off. */
export const DEFAULT_SETTINGS: TGallerySettings = { layout: '4x5', customCount: CUSTOM_DEFAULT, fullGallery: false, registryMode: false, valueChart: false };
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
    valueChart: data.valueChart === true,
  };
}

/** The access of a user as GET /api/user sends it (computed once, by core/account.ts on the server). */
export function galleryAccess(
  user: Pick<TUser, 'accountStatus' | 'banner' | 'hasProFeatures' | 'canEdit' | 'maxSlots' | 'trialUsed' | 'readOnlyAbove'>,
): TGalleryAccess {
  return {
    status: user.accountStatus,
    banner: user.banner,
    pro: user.hasProFeatures,
    canEdit: user.canEdit,
    maxSlots: user.maxSlots,
    trialUsed: user.trialUsed,
    readOnlyAbove: user.readOnlyAbove,
  };
}

/**
 * Slots the wall shows: the layout's count with PRO features (docs/product.md §6), else 10; a user without
 * PRO features who still holds cards past slot 10 (an expired trial) sees them too, view-only.
 */
export function slotsShown(settings: TGallerySettings, access: TGalleryAccess, highestFilled: number): number {
  const count = layoutSlotCount(access.pro, settings.layout, settings.customCount);
  return access.pro ? count : Math.max(count, Math.min(highestFilled, PRO_SLOTS));
}

/** The saved settings, or the defaults (none saved, storage blocked, or off the browser). */
function savedSettings(): TGallerySettings {
  try {
    return typeof localStorage === 'undefined' ? DEFAULT_SETTINGS : parseSettings(localStorage.getItem(SETTINGS_KEY));
  } catch {
    return DEFAULT_SETTINGS;
  }
}

/**
 * The settings in use; change them with the functions below. From the start they are the ones the
 * server drew /gallery's first screen with (the hydrating render must be the server's), else the
 * saved ones: the wall's first render is in its layout.
 */
export const $settings = atom<TGallerySettings>(readWritten<{ settings: TGallerySettings }>(WALL_SETTINGS_ELEMENT_ID)?.settings ?? savedSettings());

function saveSettings(next: TGallerySettings): void {
  $settings.set(next);
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(next));
  } catch {
    // Storage blocked: the settings hold for this page only.
  }
}

/** Picks a layout and saves it. */
export function setLayout(layout: TLayoutId): void {
  saveSettings({ ...$settings.get(), layout });
}

/** Sets the custom slot count, clamped (docs/product.md §5); returns the count kept. */
export function setCustomCount(input: unknown): number {
  const customCount = clampCustomCount(input);
  saveSettings({ ...$settings.get(), layout: 'custom', customCount });
  return customCount;
}

/** FULL GALLERY on or off (hides the summary panels); saved. */
export function setFullGallery(on: boolean): void {
  saveSettings({ ...$settings.get(), fullGallery: on });
}

/** The insights panel's value chart unfolded or folded; saved (and mirrored in the wall cookie). */
export function setValueChart(on: boolean): void {
  saveSettings({ ...$settings.get(), valueChart: on });
}

/** REGISTRY MODE on or off; saved. */
export function setRegistryMode(on: boolean): void {
  saveSettings({ ...$settings.get(), registryMode: on });
}
