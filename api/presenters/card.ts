import { setFieldsOf } from '../../core/cards/card-data.ts';
import { formatCents } from '../../core/format.ts';
import type { TMarketBrief, TMarketView, TSlotView } from '../../core/contracts/cards.types.ts';
import type { CardSlot } from '../../db/models/CardSlot.ts';

const imageUrl = (id: string, variant: string) => `/api/images/${id}/${variant}`;

/** The card's market value, or undefined before it was ever looked up. */
export function presentMarket(card: CardSlot): TMarketView | undefined {
  if (card.marketCents === null && card.priceMatch === null && card.marketError === null) return undefined;
  const view: TMarketView = { isMarketData: card.marketIsMarket ?? false };
  if (card.marketCents !== null) view.cents = card.marketCents;
  if (card.marketLabel !== null) view.label = card.marketLabel;
  if (card.marketEstimatedFrom !== null) view.estimatedFrom = card.marketEstimatedFrom;
  if (card.marketSource !== null) view.source = card.marketSource;
  if (card.marketAsOf !== null) view.asOf = card.marketAsOf;
  if (card.priceProductId !== null) view.productId = card.priceProductId;
  if (card.priceProductName !== null) view.productName = card.priceProductName;
  if (card.priceMatch !== null) view.match = card.priceMatch;
  if (card.marketError !== null) view.error = card.marketError;
  return view;
}

/** The wall's part of the market value: its price, or `{}` for a card looked up without one; undefined before any look-up. */
function presentMarketBrief(card: CardSlot): TMarketBrief | undefined {
  if (card.marketCents !== null) return { cents: card.marketCents };
  return card.priceMatch === null && card.marketError === null ? undefined : {};
}

/** Presents a filled slot: the spec's fields, image variants, cents, the card's fields that are set, and its whole market value. */
export function presentSlot(card: CardSlot): TSlotView {
  const view = presentOwn(card);
  const market = presentMarket(card);
  if (market) view.market = market;
  return view;
}

/**
 * Presents a filled slot for the wall's answer (GET /api/cards, the gallery cache): as presentSlot, with
 * only the market price (what totals need); the viewer asks GET /api/cards/{slot}/market for the rest.
 */
export function presentWallSlot(card: CardSlot): TSlotView {
  const view = presentOwn(card);
  const market = presentMarketBrief(card);
  if (market) view.market = market;
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
