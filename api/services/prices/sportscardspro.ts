/**
 * SportsCardsPro / PriceCharting's API (https://www.pricecharting.com/api-documentation): the
 * product search `/api/products?t=TOKEN&q=…` and the product `/api/product?t=TOKEN&id=…`. Prices
 * are integers in pennies; for cards the product's fields hold its grades (loose = ungraded,
 * cib = grade 7, new = grade 8, graded = grade 9, box-only = grade 9.5, manual-only = PSA 10,
 * bgs-10 = BGS 10, condition-17 = CGC 10, condition-18 = SGC 10).
 */
import { z } from 'zod';
import { MIN_MATCH_SCORE, matchScore, searchQuery, type TGradePrice, type TPriceLookup } from '../../../core/prices.ts';
import { PriceProviderError, type PriceProvider, type TLookupCard, type TProductCandidate } from './provider.ts';

/** Each price field of a card product and the grade it is of. */
export const GRADE_FIELDS: ReadonlyArray<readonly [string, string | null, number | null]> = [
  ['loose-price', null, null],
  ['cib-price', null, 7],
  ['new-price', null, 8],
  ['graded-price', null, 9],
  ['box-only-price', null, 9.5],
  ['manual-only-price', 'PSA', 10],
  ['bgs-10-price', 'BGS', 10],
  ['condition-17-price', 'CGC', 10],
  ['condition-18-price', 'SGC', 10],
];

const ZPennies = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]).optional();
const ZProductRef = z.object({ id: z.union([z.string(), z.number()]).transform(String), 'product-name': z.string(), 'console-name': z.string().default('') });
const ZSearch = z.object({ status: z.literal('success'), products: z.array(ZProductRef) });
const ZProduct = ZProductRef.extend({ status: z.literal('success') });
const ZPrices = z.object(Object.fromEntries(GRADE_FIELDS.map(([field]) => [field, ZPennies])) as Record<string, typeof ZPennies>);
const ZError = z.object({ status: z.literal('error'), 'error-message': z.string().default('') });

export interface TSportsCardsProOptions {
  token: string;
  baseUrl: string;
  /** Each request's time limit. */
  timeoutMs: number;
  ratePerSecond: number;
  clock: () => Date;
  fetch?: typeof fetch;
}

/** The answer's prices as grade prices (fields not given or zero are left out). */
export function gradePrices(product: Record<string, unknown>): TGradePrice[] {
  const out: TGradePrice[] = [];
  for (const [field, grader, grade] of GRADE_FIELDS) {
    const cents = product[field];
    if (typeof cents === 'number' && Number.isSafeInteger(cents) && cents > 0) out.push({ grader, grade, cents });
  }
  return out;
}

export function createSportsCardsPro(options: TSportsCardsProOptions): PriceProvider {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/$/, '');

  // Requests are paced to ratePerSecond in this process: each waits for its turn. A 429 with
  // Retry-After holds every request until then, those already waiting their turn included (the
  // refresh job has several look-ups on their way: docs/choices.md 45); a hold longer than a
  // request's time limit is not waited out here (a collector's click answers at once) but thrown
  // as the 429 it would meet, with the time left, for the refresh job to wait.
  const interval = 1000 / options.ratePerSecond;
  let nextAt = 0;
  let heldUntil = 0;
  async function turn(): Promise<void> {
    for (;;) {
      const now = Date.now();
      if (heldUntil - now > options.timeoutMs) {
        throw new PriceProviderError('rate_limited', 'SportsCardsPro asked Ratio to slow down (429)', { retryAfterMs: heldUntil - now });
      }
      const at = Math.max(now, nextAt, heldUntil);
      nextAt = at + interval;
      if (at > now) await new Promise((r) => setTimeout(r, at - now));
      if (heldUntil <= Date.now()) return;
    }
  }

  async function get(path: string, params: Record<string, string>): Promise<unknown> {
    await turn();
    const url = new URL(`${base}${path}`);
    url.searchParams.set('t', options.token);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    let res: Response;
    try {
      res = await doFetch(url, { signal: AbortSignal.timeout(options.timeoutMs), headers: { accept: 'application/json' } });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new PriceProviderError(
        'unavailable',
        timedOut ? `SportsCardsPro did not answer within ${options.timeoutMs} ms` : 'SportsCardsPro could not be reached',
        { cause: error },
      );
    }
    if (res.status === 429) {
      await res.body?.cancel();
      // Retry-After in seconds; none given (null, not 0): the refresh job backs off on its own.
      const header = res.headers.get('retry-after');
      const after = header === null ? Number.NaN : Number(header);
      if (Number.isFinite(after) && after > 0) heldUntil = Math.max(heldUntil, Date.now() + after * 1000);
      throw new PriceProviderError('rate_limited', 'SportsCardsPro asked Ratio to slow down (429)', {
        retryAfterMs: Number.isFinite(after) && after >= 0 ? after * 1000 : null,
      });
    }
    if (res.status >= 500) {
      await res.body?.cancel();
      throw new PriceProviderError('unavailable', `SportsCardsPro answered ${res.status}`);
    }
    let body: unknown;
    try {
      body = await res.json();
    } catch (error) {
      throw new PriceProviderError('bad_answer', `SportsCardsPro answered ${res.status} with something other than JSON`, { cause: error });
    }
    if (res.status === 401 || res.status === 403) throw new PriceProviderError('unavailable', `SportsCardsPro refused the token (${res.status})`);
    return body;
  }

  const candidate = (p: z.infer<typeof ZProductRef>): TProductCandidate => ({ id: p.id, name: p['product-name'], setName: p['console-name'] });

  async function search(query: string): Promise<TProductCandidate[]> {
    const body = await get('/api/products', { q: query });
    const error = ZError.safeParse(body);
    if (error.success) return [];
    const parsed = ZSearch.safeParse(body);
    if (!parsed.success) throw new PriceProviderError('bad_answer', "SportsCardsPro's search answer has a shape Ratio does not know");
    return parsed.data.products.map(candidate);
  }

  async function product(id: string): Promise<TPriceLookup | null> {
    const body = await get('/api/product', { id });
    if (ZError.safeParse(body).success) return null;
    const parsed = ZProduct.safeParse(body);
    const priced = ZPrices.safeParse(body);
    if (!parsed.success || !priced.success) {
      throw new PriceProviderError('bad_answer', "SportsCardsPro's product answer has a shape Ratio does not know");
    }
    return {
      product: { id: parsed.data.id, name: [parsed.data['console-name'], parsed.data['product-name']].filter(Boolean).join(' ') },
      prices: gradePrices(priced.data),
      asOf: options.clock().toISOString().slice(0, 10),
      source: 'SportsCardsPro',
      isMarketData: true,
    };
  }

  return {
    name: 'sportscardspro',
    label: async () => 'SportsCardsPro',
    isMarketData: true,
    ratePerSecond: options.ratePerSecond,
    search,
    async lookup(card: TLookupCard, productId?: string | null) {
      if (productId) return product(productId);
      const found = await search(searchQuery(card));
      let best: TProductCandidate | null = null;
      let bestScore = 0;
      for (const c of found) {
        const score = matchScore(card, c);
        if (score > bestScore) [best, bestScore] = [c, score];
      }
      if (!best || bestScore < MIN_MATCH_SCORE) return null;
      return product(best.id);
    },
  };
}
