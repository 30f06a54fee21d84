/**
 * Market values on the site (docs/choices.md 45): the calls behind the viewer's market value, the P&L panel
 * and price alerts. Rules (what counts, staleness) are core/prices.ts's.
 */
import { atom } from 'nanostores';
import { countedCents, type TCountsValue } from '../../../core/prices.ts';
import type { TAlertRequest, TAlertView, TProfitAnswer } from '../../../core/contracts/prices.types.ts';
import type { TMarketView } from '../../../core/contracts/cards.types.ts';
import { callApi } from '../lib/api.ts';
import * as API from '../../../core/contracts/api.ts';
import { $cards, closeDialog, putSlots, type TGalleryCard } from './gallery.ts';
import { attempt } from './attempt.ts';
import { toast } from './toast.ts';
import { $user, setUser } from './user.ts';

/** The wall's cards with the value that counts in place of their own (for the totals). */
export function countedAmounts<T extends TGalleryCard>(list: readonly T[], wall: TCountsValue): T[] {
  return list.map((c) => {
    const cents = countedCents({ valueCents: c.valueCents, marketCents: c.market?.cents ?? null, countsValue: c.countsValue ?? null }, wall);
    return cents === c.valueCents ? c : { ...c, valueCents: cents };
  });
}

/**
 * The whole market value of a card the wall knows at most the price of (the viewer's source, as-of, match):
 * fetched once, put on the card in $cards. Answers it, null when the card was never looked up, or
 * undefined when the call failed (the wall's price stays shown).
 */
export async function loadMarket(slot: number): Promise<TMarketView | null | undefined> {
  try {
    const { market } = await callApi(API.cardMarket, { params: { slot } });
    const card = $cards.get().get(slot);
    if (card && market) {
      const next = new Map($cards.get());
      next.set(slot, { ...card, market });
      $cards.set(next);
    }
    return market;
  } catch {
    // The viewer keeps the wall's price; a refresh answers the whole value.
    return undefined;
  }
}

const OUTCOME_TEXT: Record<string, string> = {
  priced: 'Market value updated',
  no_match: 'No product matches this card: fix the match by searching for it',
  no_price: 'The product has no price near this grade',
};

/** Looks the card up now; toasts the outcome. */
export async function refreshMarket(slot: number): Promise<void> {
  await attempt({ failure: 'Prices are unavailable right now' }, async () => {
    const answer = await callApi(API.refreshMarket, { params: { slot } });
    putSlots([answer.card]);
    toast({ title: OUTCOME_TEXT[answer.outcome ?? ''] ?? 'Market value updated', variant: answer.outcome === 'priced' ? 'success' : 'default' });
    return true;
  });
}

/** Which value counts for one card (null: the wall's choice). */
export async function setCardCounts(slot: number, countsValue: TCountsValue | null): Promise<void> {
  await attempt({ failure: 'Failed to update card' }, async () => {
    putSlots([(await callApi(API.updateMarket, { params: { slot }, body: { countsValue } })).card]);
    return true;
  });
}

/** Products to pick from when the match is wrong. */
export function searchProducts(slot: number, q: string): Promise<{ source: string; products: Array<{ id: string; name: string; setName: string }> }> {
  return callApi(API.searchMarket, { params: { slot }, query: { q } });
}

/** Fixes the card's product. */
export async function fixMatch(slot: number, productId: string): Promise<boolean> {
  const done = await attempt({ failure: 'Failed to fix the match' }, async () => {
    putSlots([(await callApi(API.updateMarket, { params: { slot }, body: { productId } })).card]);
    toast({ title: 'Match fixed', variant: 'success' });
    return true;
  });
  return done ?? false;
}

/** Which value counts for the whole wall. */
export async function setWallCounts(countsValue: TCountsValue): Promise<void> {
  await attempt({ failure: 'Failed to save' }, async () => {
    await callApi(API.setWallCountsValue, { body: { countsValue } });
    const user = $user.get();
    if (user) setUser({ ...user, countsValue });
    return true;
  });
}

export function fetchProfit(): Promise<TProfitAnswer> {
  return callApi(API.profit);
}

/** The collector's price alerts (null until loaded, 'failed' when they could not be). */
export const $alerts = atom<TAlertView[] | null | 'failed'>(null);

/** Loads GET /api/price-alerts into $alerts. */
export async function loadAlerts(): Promise<void> {
  try {
    $alerts.set(await callApi(API.listAlerts));
  } catch {
    $alerts.set('failed');
  }
}

/** Deletes one alert; it leaves $alerts when the server says it is gone. */
export async function deleteAlert(id: number): Promise<boolean> {
  const done = await attempt({ failure: 'Failed to delete the alert' }, async () => {
    await callApi(API.deleteAlert, { params: { id } });
    const list = $alerts.get();
    if (Array.isArray(list)) $alerts.set(list.filter((a) => a.id !== id));
    toast({ title: 'Price alert deleted', variant: 'success' });
    return true;
  });
  return done ?? false;
}

export async function createAlert(input: TAlertRequest): Promise<TAlertView | null> {
  const alert = await attempt({ failure: 'Failed to set the alert' }, async () => {
    const made = await callApi(API.createAlert, { body: input });
    const list = $alerts.get();
    if (Array.isArray(list)) $alerts.set([...list, made]);
    toast({ title: 'Price alert set', variant: 'success' });
    return made;
  });
  return alert ?? null;
}

/** Sells the card: it leaves the wall, its sale counts in realized gain. */
export async function sellCard(slot: number, input: { soldCents: number; feesCents: number; soldOn: string }): Promise<boolean> {
  const done = await attempt({ failure: 'Failed to record the sale' }, async () => {
    await callApi(API.sellCard, { params: { slot }, body: input });
    const next = new Map($cards.get());
    next.delete(slot);
    $cards.set(next);
    closeDialog();
    toast({ title: 'Card sold', description: 'It left the wall; its sale counts in realized gain.', variant: 'success' });
    return true;
  });
  return done ?? false;
}
