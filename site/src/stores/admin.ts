import { atom } from 'nanostores';
import type { TStatsRange } from '../../../core/admin-stats.ts';
import type { TAdminSeries, TAdminStats } from '../../../core/contracts/admin.types.ts';
import type { TAdminPricesAnswer } from '../../../core/contracts/prices.types.ts';
import { ApiError, callApi } from '../lib/api.ts';
import * as API from '../../../core/contracts/api.ts';

/** What the dashboard shows: loading, the data, or why not (docs/product.md §8 Admin: 'Access Denied'). */
export type TLoad<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'denied' } | { state: 'failed' };

export const $adminStats = atom<TLoad<TAdminStats>>({ state: 'loading' });
export const $adminSeries = atom<TLoad<TAdminSeries>>({ state: 'loading' });
export const $statsRange = atom<TStatsRange>('30d');

function failure(err: unknown): { state: 'denied' } | { state: 'failed' } {
  return err instanceof ApiError && (err.status === 403 || err.status === 401) ? { state: 'denied' } : { state: 'failed' };
}

/** Loads GET /api/admin/stats (the figures come computed from the server). */
export async function loadAdminStats(): Promise<void> {
  try {
    $adminStats.set({ state: 'ready', data: await callApi(API.adminStats) });
  } catch (err) {
    $adminStats.set(failure(err));
  }
}

/** Switches the charts to `range` and loads their series; a slower earlier answer never wins. */
export async function loadAdminSeries(range: TStatsRange = $statsRange.get()): Promise<void> {
  $statsRange.set(range);
  try {
    const data = await callApi(API.adminSeries, { query: { range } });
    if ($statsRange.get() === range) $adminSeries.set({ state: 'ready', data });
  } catch (err) {
    if ($statsRange.get() === range) $adminSeries.set(failure(err));
  }
}

export const $adminPrices = atom<TLoad<TAdminPricesAnswer>>({ state: 'loading' });

/** Loads GET /api/admin/prices: per price source, the cards matched, stale and failing (docs/choices.md 45). */
export async function loadAdminPrices(): Promise<void> {
  try {
    $adminPrices.set({ state: 'ready', data: await callApi(API.adminPrices) });
  } catch (err) {
    $adminPrices.set(failure(err));
  }
}
