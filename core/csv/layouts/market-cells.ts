/**
 * The market and gain figures the export layouts write (docs/choices.md 45): the market price where a
 * layout has a market column (a price list's figure is never written as market data), the value that
 * counts (own or market, the card's choice else the wall's) and gain against cost.
 */
import type { TSlotView } from '../../contracts/cards.types.ts';
import { isMarketView } from '../../contracts/market-view.ts';
import { countedCents, unrealizedGainCents } from '../../prices.ts';
import type { TWriteContext } from './layout.ts';

/** The card's market price when it is market data; null for none or a price list's. */
export function marketDataCents(card: TSlotView): number | null {
  return isMarketView(card.market) && card.market.isMarketData && card.market.cents !== undefined ? card.market.cents : null;
}

/** The value that counts in totals for this card. */
export function countedValueCents(card: TSlotView, context: Pick<TWriteContext, 'countsValue'>): number | null {
  return countedCents({ valueCents: card.valueCents, marketCents: card.market?.cents ?? null, countsValue: card.countsValue ?? null }, context.countsValue);
}

/** Counted value less cost; null without both. */
export function gainCents(card: TSlotView, context: Pick<TWriteContext, 'countsValue'>): number | null {
  return unrealizedGainCents(countedValueCents(card, context), card.costCents ?? null);
}
