/**
 * Which market value a card carries: the whole of it (a card call's answer, the viewer's) or the wall's
 * brief (its price only). In a module of its own without zod: the gallery's script imports it, and
 * zod's schemas probe eval, which the pages' CSP blocks.
 */
import type { TMarketBrief, TMarketView } from './cards.types.ts';

/** True when the market value is the whole of it (not the wall's brief). */
export function isMarketView(m: TMarketView | TMarketBrief | undefined): m is TMarketView {
  return m !== undefined && 'isMarketData' in m;
}
