/**
 * A local HTTP emulator of the SportsCardsPro / PriceCharting endpoints Ratio calls
 * (api/services/prices/sportscardspro.ts): GET /api/products?t=&q= and GET /api/product?t=&id=,
 * answering as the documentation shows (status, id, product-name, console-name, prices in
 * pennies). Faults: 429 with Retry-After, a time-out (no answer), a 500 outage, an answer of a
 * changed shape; a search that finds nothing is just a query no product fits.
 */
import type http from 'node:http';
import { listenOnLoopback, type TLoopbackServer } from '../loopback.ts';

export const EMULATOR_TOKEN = 'c0b53bce27c1bdab90b1605249e600dc43dfd1d5';

/** A product as the API answers it: id, names, and price fields in pennies. */
export interface TEmulatedProduct {
  id: string;
  'product-name': string;
  'console-name': string;
  [priceField: string]: string | number;
}

export type TFault = '429' | 'timeout' | '500' | 'shape';

export interface TEmulatorRequest {
  path: string;
  params: Record<string, string>;
  at: number;
}

export class SportsCardsProEmulator {
  readonly products = new Map<string, TEmulatedProduct>();
  readonly requests: TEmulatorRequest[] = [];
  /** The fault every request meets while set (`faultsLeft` of them, or all when null). */
  fault: TFault | null = null;
  faultsLeft: number | null = null;
  /** Retry-After seconds sent with a 429. */
  retryAfterSeconds = 0;
  private server: TLoopbackServer | null = null;
  private readonly hanging = new Set<http.ServerResponse>();

  static async start(): Promise<SportsCardsProEmulator> {
    const emulator = new SportsCardsProEmulator();
    emulator.server = await listenOnLoopback((req, res) => emulator.handle(req, res));
    return emulator;
  }

  get url(): string {
    return this.server?.url ?? '';
  }

  /** The settings that point Ratio at this emulator. */
  get env(): Record<string, string> {
    return {
      PRICE_PROVIDER: 'sportscardspro',
      SPORTSCARDSPRO_TOKEN: EMULATOR_TOKEN,
      SPORTSCARDSPRO_BASE_URL: this.url,
      PRICES_RATE_PER_SECOND: '100',
      PRICES_TIMEOUT_SECONDS: '1',
    };
  }

  add(product: TEmulatedProduct): void {
    this.products.set(product.id, product);
  }

  setFault(fault: TFault | null, count: number | null = null): void {
    this.fault = fault;
    this.faultsLeft = count;
  }

  private send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*', ...headers });
    res.end(JSON.stringify(body));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', this.url);
    const params = Object.fromEntries(url.searchParams);
    this.requests.push({ path: url.pathname, params, at: Date.now() });
    if (this.fault && (this.faultsLeft === null || this.faultsLeft > 0)) {
      const fault = this.fault;
      if (this.faultsLeft !== null) this.faultsLeft -= 1;
      if (fault === '429')
        return this.send(res, 429, { status: 'error', 'error-message': 'Too many requests' }, { 'retry-after': String(this.retryAfterSeconds) });
      if (fault === '500') return this.send(res, 500, { status: 'error', 'error-message': 'Internal error' });
      if (fault === 'timeout') {
        this.hanging.add(res);
        res.on('close', () => this.hanging.delete(res));
        return;
      }
      // A changed answer shape: the same data under new names.
      return this.send(res, 200, { ok: true, results: [...this.products.values()].map((p) => ({ productId: p.id, title: p['product-name'] })) });
    }
    if (params.t !== EMULATOR_TOKEN) return this.send(res, 401, { status: 'error', 'error-message': 'Invalid access token' });
    if (req.method !== 'GET') return this.send(res, 405, { status: 'error', 'error-message': 'GET only' });
    if (url.pathname === '/api/products') {
      const words = (params.q ?? '')
        .toLowerCase()
        .replace(/[^a-z0-9# ]+/g, ' ')
        .split(/\s+/)
        .filter(Boolean);
      // Products holding most of the words, best first (whole words count more than parts).
      const scored = [...this.products.values()]
        .map((p) => {
          const hay = ` ${`${p['console-name']} ${p['product-name']}`.toLowerCase().replace(/[^a-z0-9# ]+/g, ' ')} `;
          const score = words.reduce((n, w) => n + (hay.includes(` ${w} `) ? 1 : hay.includes(w) ? 0.5 : 0), 0);
          return { p, score };
        })
        .filter((s) => words.length > 0 && s.score >= words.length * 0.6);
      const found = scored.sort((a, b) => b.score - a.score).map((s) => s.p);
      return this.send(res, 200, {
        status: 'success',
        products: found.slice(0, 20).map((p) => ({ id: p.id, 'product-name': p['product-name'], 'console-name': p['console-name'] })),
      });
    }
    if (url.pathname === '/api/product') {
      const product = this.products.get(params.id ?? '');
      if (!product) return this.send(res, 200, { status: 'error', 'error-message': 'No such product' });
      return this.send(res, 200, { status: 'success', ...product });
    }
    return this.send(res, 404, { status: 'error', 'error-message': 'Unknown API' });
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    await this.server?.close();
  }
}
