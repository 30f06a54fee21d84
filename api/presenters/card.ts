import { setFieldsOf } from '../../core/cards/card-data.ts';
import { formatCents } from '../../core/format.ts';
import type { TMarketView, TSlotView } from '../../core/contracts/cards.types.ts';
import type { CardMarket } from '../../db/models/CardMarket.ts';
import type { CardSlot } from '../../db/models/CardSlot.ts';

const imageUrl = (id: string, variant: string) => `/api/images/${id}/${variant}`;

/**
 * The card's whole market value: its price (card_slots.market_cents) and its details (`details`, its
 * card_market row, null when it has none); undefined before it was ever looked up.
 */
export function presentMarket(card: CardSlot, details: CardMarket | null): TMarketView | undefined {
  if (card.marketCents === null && details === null) return undefined;
  const view: TMarketView = { isMarketData: details?.isMarket ?? false };
  if (card.marketCents !== null) view.cents = card.marketCents;
  if (!details) return view;
  if (details.label !== null) view.label = details.label;
  if (details.estimatedFrom !== null) view.estimatedFrom = details.estimatedFrom;
  if (details.source !== null) view.source = details.source;
  if (details.asOf !== null) view.asOf = details.asOf;
  if (details.productId !== null) view.productId = details.productId;
  if (details.productName !== null) view.productName = details.productName;
  if (details.match !== null) view.match = details.match;
  if (details.error !== null) view.error = details.error;
  return view;
}

/**
 * Presents a filled slot: the spec's fields, image variants, cents, the card's fields that are set, and its
 * whole market value (`details`: its card_market row, services/prices/card-market.ts marketsOf; null for none).
 */
export function presentSlot(card: CardSlot, details: CardMarket | null): TSlotView {
  const view = presentOwn(card);
  const market = presentMarket(card, details);
  if (market) view.market = market;
  return view;
}

/**
 * Presents a filled slot for the wall's answer (GET /api/cards, the gallery cache, a share): as presentSlot,
 * with the market price alone (what the wall's totals read), from card_slots' own row; the viewer asks
 * GET /api/cards/{slot}/market for the rest.
 */
export function presentWallSlot(card: CardSlot): TSlotView {
  const view = presentOwn(card);
  if (card.marketCents !== null) view.market = { cents: card.marketCents };
  return view;
}

function presentOwn(card: CardSlot): TSlotView {
  const entered = card.allTimeHighCents;
  const peak = card.peakValueCents;
  const athFromHistory = peak !== null && (entered === null || peak > entered);
  const view: TSlotView = {
    id: card.id,
    slotNumber: card.slotNumber,
    imageUrl: card.imageId ? imageUrl(card.imageId, 'large') : null,
    thumbUrl: card.imageId ? imageUrl(card.imageId, 'thumb') : null,
    originalUrl: card.imageId ? imageUrl(card.imageId, 'original') : null,
    title: card.title,
    description: card.description,
    value: card.value,
    valueCents: card.valueCents,
    allTimeHigh: athFromHistory ? formatCents(peak) : card.allTimeHigh,
    allTimeHighCents: athFromHistory ? peak : entered,
    isEmpty: false,
    createdAt: card.createdAt.toISOString(),
    updatedAt: card.updatedAt.toISOString(),
    ...setFieldsOf(card),
    ...(card.populationAtGrade != null ? { populationAtGrade: card.populationAtGrade } : {}),
  };
  if (card.countsValue) view.countsValue = card.countsValue;
  return view;
}

/** Presents an empty slot (after a delete, or the empty side of a swap). */
export function presentEmptySlot(slotNumber: number): TSlotView {
  return {
    id: null,
    slotNumber,
    imageUrl: null,
    thumbUrl: null,
    originalUrl: null,
    title: '',
    description: '',
    value: null,
    valueCents: null,
    allTimeHigh: null,
    allTimeHighCents: null,
    isEmpty: true,
    createdAt: null,
    updatedAt: null,
  };
}
