/**
 * Value history on the site (docs/choices.md 29): the range the insights chart shows, and the two calls
 * that read a card's recorded values and the collection's total over time.
 */
import { atom } from 'nanostores';
import type { TCardHistoryAnswer, THistoryRange, TTotalHistoryAnswer } from '../../../core/contracts/csv.types.ts';
import { callApi } from '../lib/api.ts';
import * as API from '../../../core/contracts/api.ts';

/** The range of the insights panel's total-value chart. */
export const $historyRange = atom<THistoryRange>('90d');

/** Picks the insights chart's range. */
export function setHistoryRange(range: THistoryRange): void {
  $historyRange.set(range);
}

/** Every recorded value of the card in `slot`, oldest first. */
export function fetchCardHistory(slot: number): Promise<TCardHistoryAnswer> {
  return callApi(API.cardValueHistory, { params: { slot } });
}

/** The collection's total value over `range`, ending now. */
export function fetchTotalHistory(range: THistoryRange): Promise<TTotalHistoryAnswer> {
  return callApi(API.totalValueHistory, { query: { range } });
}
