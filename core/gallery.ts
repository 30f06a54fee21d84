/**
 * Figures of a signed-in gallery (docs/product.md §2 /gallery, §9; docs/choices.md 5): the COLLECTION REGISTRY
 * panel and the portfolio insights. Pure, and computed only from the integer cents the server
 * parsed with core/values.ts, so the site, the API and the CLI can never disagree.
 */
import { ALMOST_FULL_AT, FREE_SLOTS, PRO_SLOTS } from './limits.ts';

/** The wall layouts of docs/product.md §2 /gallery; '2x5' is the one labelled TOP 10 (2x5). */
export type TLayoutId = '4x5' | '6x4' | '2x5' | 'custom';

/** A layout: its label, the slots it shows (docs/product.md §6) and its columns (rows x columns; null = fit). */
export interface TLayout {
  id: TLayoutId;
  label: string;
  slots: number | null;
  columns: number | null;
}

/** The layouts in the order the picker shows them. */
export const LAYOUTS: readonly TLayout[] = [
  { id: '4x5', label: '4x5', slots: 20, columns: 5 },
  { id: '6x4', label: '6x4', slots: 24, columns: 4 },
  { id: '2x5', label: 'TOP 10 (2x5)', slots: 10, columns: 5 },
  { id: 'custom', label: 'CUSTOM', slots: null, columns: null },
];

/** The custom slot count before the user sets one (docs/product.md §9: custom default 30). */
export const CUSTOM_DEFAULT = 30;

/** True for a known layout id. */
export function isLayoutId(value: unknown): value is TLayoutId {
  return LAYOUTS.some((layout) => layout.id === value);
}

/**
 * docs/product.md §5: the custom slot count is clamped to 1..1000, and is 1 when the input is not a number.
 * Fractions are cut to whole slots.
 */
export function clampCustomCount(input: unknown): number {
  const n = typeof input === 'number' ? input : typeof input === 'string' && input.trim() !== '' ? Number(input) : Number.NaN;
  if (Number.isNaN(n)) return 1;
  return Math.min(PRO_SLOTS, Math.max(1, Math.trunc(n)));
}

/**
 * Slots a wall shows (docs/product.md §6 'Slot limits shown'): free 10; with PRO features 20 for 4x5, 24 for
 * 6x4, 10 for 2x5 and the custom count for custom.
 */
export function layoutSlotCount(hasProFeatures: boolean, layout: TLayoutId, customCount: number): number {
  if (!hasProFeatures) return FREE_SLOTS;
  const preset = LAYOUTS.find((l) => l.id === layout)?.slots;
  return preset ?? clampCustomCount(customCount);
}

/** What the figures read of a filled slot. */
export interface TCardAmounts {
  slotNumber: number;
  /** The current value in cents, or null when the typed value has no number. */
  valueCents: number | null;
  /** The all-time high in cents (already the larger of entered and recorded), or null. */
  allTimeHighCents: number | null;
}

/** The COLLECTION REGISTRY panel's figures. */
export interface TRegistryFigures {
  /** ACQUISITIONS: every filled slot. */
  acquisitions: number;
  /** AVG VALUE: total divided by the card count (docs/product.md §9), to the cent; 0 with no cards. */
  averageCents: number;
  /** TOTAL VALUE: sum of the values that have a number. */
  totalCents: number;
  /** The n of 'TOTAL VALUE (n VALUED)'. */
  valued: number;
  /** ALL-TIME HIGH: sum of the all-time highs that have a number. */
  allTimeHighCents: number;
  /** The n of 'ALL-TIME HIGH (n TRACKED)'. */
  tracked: number;
  /** COMPLETION %: filled slots among the slots shown, as a whole percent rounded down (100 only when full). */
  completionPercent: number;
}

/** Registry figures of the cards against the number of slots the wall shows. */
export function registryFigures(cards: readonly TCardAmounts[], slotsShown: number): TRegistryFigures {
  let totalCents = 0;
  let valued = 0;
  let allTimeHighCents = 0;
  let tracked = 0;
  let filledShown = 0;
  for (const card of cards) {
    if (card.valueCents !== null) {
      totalCents += card.valueCents;
      valued += 1;
    }
    if (card.allTimeHighCents !== null) {
      allTimeHighCents += card.allTimeHighCents;
      tracked += 1;
    }
    if (card.slotNumber >= 1 && card.slotNumber <= slotsShown) filledShown += 1;
  }
  const acquisitions = cards.length;
  return {
    acquisitions,
    averageCents: acquisitions === 0 ? 0 : Math.round(totalCents / acquisitions),
    totalCents,
    valued,
    allTimeHighCents,
    tracked,
    completionPercent: slotsShown <= 0 ? 0 : Math.floor((filledShown / slotsShown) * 100),
  };
}

/**
 * Ratio Upside (docs/product.md §9): the sum of all-time highs divided by the sum of current values, over the
 * cards that have both numbers (a high without a current value says nothing about upside).
 * Null when there is nothing to divide by or the ratio is not above 1, since it is shown only then.
 */
export function ratioUpside(cards: readonly TCardAmounts[]): number | null {
  let highs = 0;
  let values = 0;
  for (const card of cards) {
    if (card.valueCents === null || card.allTimeHighCents === null) continue;
    highs += card.allTimeHighCents;
    values += card.valueCents;
  }
  if (values <= 0) return null;
  const ratio = highs / values;
  return ratio > 1 ? ratio : null;
}

/** The portfolio insights card (docs/product.md §2 /gallery). */
export interface TInsights {
  cards: number;
  /** The denominator of 'cards out of 1000' (docs/product.md §9). */
  capacity: number;
  totalCents: number;
  averageCents: number;
  valued: number;
  /** Shown only when above 1; null otherwise. */
  upside: number | null;
  /** The slot of the most valuable card, or null when no card has a value. */
  topSlot: number | null;
  topCents: number;
}

/** Insights of the whole collection (every filled slot, shown or not). */
export function portfolioInsights(cards: readonly TCardAmounts[]): TInsights {
  const figures = registryFigures(cards, PRO_SLOTS);
  let topSlot: number | null = null;
  let topCents = 0;
  for (const card of cards) {
    if (card.valueCents !== null && (topSlot === null || card.valueCents > topCents)) {
      topSlot = card.slotNumber;
      topCents = card.valueCents;
    }
  }
  return {
    cards: figures.acquisitions,
    capacity: PRO_SLOTS,
    totalCents: figures.totalCents,
    averageCents: figures.averageCents,
    valued: figures.valued,
    upside: ratioUpside(cards),
    topSlot,
    topCents,
  };
}

/** Cards at which a user without PRO features sees the simplified insights (docs/product.md §2 /gallery). */
export const SIMPLIFIED_INSIGHTS_AT = 3;

/** 'simplified' (with an upgrade prompt) for users without PRO features holding 3 or more cards, else 'full'. */
export function insightsView(hasProFeatures: boolean, cardCount: number): 'full' | 'simplified' {
  return !hasProFeatures && cardCount >= SIMPLIFIED_INSIGHTS_AT ? 'simplified' : 'full';
}

/** Ratio Upside as shown: '1.35x'. */
export function formatUpside(ratio: number): string {
  return `${ratio.toFixed(2)}x`;
}

/** The first empty slot the user may fill among the slots shown, or null when there is none. */
export function firstOpenSlot(filled: ReadonlyMap<number, unknown>, shown: number, maxSlots: number): number | null {
  const limit = Math.min(shown, maxSlots);
  for (let n = 1; n <= limit; n++) if (!filled.has(n)) return n;
  return null;
}

/** What a tap in swap mode does (docs/product.md §4 Swap). */
export type TSwapStep = { kind: 'select'; slot: number } | { kind: 'clear' } | { kind: 'swap'; from: number; to: number } | { kind: 'ignore' };

/**
 * Card swap is a PRO feature (docs/choices.md 4): PRO, a running trial and grandfathered accounts may
 * swap; free and trial-expired accounts may not (the API refuses with 403 requiresUpgrade, the
 * wall shows the upsell). The one rule, for api and site.
 */
export function canSwap(state: { hasProFeatures: boolean }): boolean {
  return state.hasProFeatures;
}

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

/** The free banner (docs/product.md §2): for free users without a trial running. */
export interface TFreeBanner {
  label: 'FREE TIER' | 'ALMOST FULL';
  used: string;
  /** 'try' starts the trial (never trialed); 'upgrade' goes to /pricing. */
  action: 'try' | 'upgrade';
  /** Slots PRO adds. */
  more: number;
}

/**
 * The free banner's content when the account's banner (core/account.ts, sent by the API) is
 * 'free', else null. `trialUsed` turns 'Try PRO' into 'Upgrade'.
 */
export function freeBanner(access: { banner: string; trialUsed: boolean }, cardCount: number): TFreeBanner | null {
  if (access.banner !== 'free') return null;
  return {
    label: cardCount >= ALMOST_FULL_AT ? 'ALMOST FULL' : 'FREE TIER',
    used: `${Math.min(cardCount, FREE_SLOTS)}/${FREE_SLOTS} slots used`,
    action: access.trialUsed ? 'upgrade' : 'try',
    more: PRO_SLOTS - FREE_SLOTS,
  };
}
