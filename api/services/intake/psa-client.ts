import { z } from 'zod';
import { mergePsaCert } from '../../../core/analysis/psa-cert.ts';
import type { TCardAnalysis } from '../../../core/analysis/types.ts';
import type { TCardData } from '../../../core/cards/card-data.ts';
import { cardDataFromAnalysis } from '../../../core/cards/from-analysis.ts';
import { MAX_IMAGE_BYTES } from '../../../core/limits.ts';
import { psaCertOf, psaGet, ZPsaCertAnswer } from '../psa/psa-api.ts';
import { createRateGate, type RateGate } from './rate-gate.ts';

/** A slab as PSA's cert API describes it: the card's fields, the population at its grade, its front image. */
export interface TPsaSlab {
  data: TCardData;
  population: number | null;
  frontImageUrl: string | null;
}

/** What one lookup came to. `rate_limited` says when to ask again; `unavailable` covers timeouts, errors and answers of an unknown shape. */
export type TPsaSlabLookup =
  { status: 'found'; slab: TPsaSlab } | { status: 'not_found' } | { status: 'rate_limited'; retryAfterMs: number } | { status: 'unavailable'; reason: string };

/**
 * The seam between bulk intake and PSA (like billing's provider): `createPsaClient` calls PSA's
 * public cert API; `NO_PSA` stands in when no PSA_API_TOKEN is set (cards are made with the cert
 * only). Chosen once in create-intake.ts; intake never branches on which it holds, only on `available`.
 */
export interface PsaClient {
  readonly available: boolean;
  /** Paced at the provider's rate limit: waits for its turn (a timer), then asks. Never throws. */
  lookup(cert: string): Promise<TPsaSlabLookup>;
  /** The slab photo's bytes, or null when it cannot be had. Never throws. */
  fetchImage(url: string): Promise<Buffer | null>;
}

/** Stands in for PSA when no token is configured. */
export const NO_PSA: PsaClient = {
  available: false,
  lookup: async () => ({ status: 'unavailable', reason: 'no PSA_API_TOKEN' }),
  fetchImage: async () => null,
};

export interface TPsaClientOptions {
  token: string;
  baseUrl: string;
  /** PSA's rate limit for this token (calls per minute); every call to the API waits its turn. */
  callsPerMinute: number;
  timeoutMs?: number;
  /** A 429 without Retry-After waits this long (default 60 s). */
  defaultRetryAfterMs?: number;
}

/** GetImagesByCertNumber's answer: `[{ IsFrontImage, ImageURL }]`. */
const ZImagesAnswer = z.array(z.object({ IsFrontImage: z.boolean(), ImageURL: z.string() }));

/** An analysis with nothing read, for PSA's record to fill (core/analysis/psa-cert.ts mergePsaCert). */
const BLANK: TCardAnalysis = {
  player: null,
  sport: null,
  year: null,
  brand: null,
  cardName: null,
  condition: null,
  confidence: 0,
  psaVerified: false,
  gradeDetails: null,
  psaCertNumber: null,
  certificationUrl: null,
  grader: null,
  grade: null,
  cardNumber: null,
  variety: null,
  certNumber: null,
  subgrades: null,
  autoGrade: null,
} as TCardAnalysis;

function retryAfterMs(res: Response, fallback: number): number {
  const h = res.headers.get('retry-after');
  if (!h) return fallback;
  const s = Number(h);
  if (Number.isFinite(s)) return Math.min(Math.max(s * 1000, 0), 3_600_000);
  const at = Date.parse(h);
  return Number.isFinite(at) ? Math.min(Math.max(at - Date.now(), 0), 3_600_000) : fallback;
}

/** PSA's public cert API (api.psacard.com/publicapi), bearer token, paced by a rate gate. */
export function createPsaClient(o: TPsaClientOptions, gate: RateGate = createRateGate(o.callsPerMinute)): PsaClient {
  const base = o.baseUrl.replace(/\/+$/, '');
  const timeoutMs = o.timeoutMs ?? 10_000;
  const fallbackWait = o.defaultRetryAfterMs ?? 60_000;

  type TCall = { ok: true; json: unknown; status: number } | { ok: false; result: TPsaSlabLookup };
  async function call(path: string): Promise<TCall> {
    await gate.wait();
    let res: Response;
    try {
      res = await psaGet({ baseUrl: base, token: o.token, timeoutMs }, path);
    } catch (err) {
      return { ok: false, result: { status: 'unavailable', reason: err instanceof Error && err.name === 'TimeoutError' ? 'timeout' : 'network' } };
    }
    if (res.status === 429) {
      const wait = retryAfterMs(res, fallbackWait);
      gate.pause(wait);
      await res.body?.cancel();
      return { ok: false, result: { status: 'rate_limited', retryAfterMs: wait } };
    }
    if (res.status === 404) return { ok: false, result: { status: 'not_found' } };
    if (!res.ok) {
      await res.body?.cancel();
      return { ok: false, result: { status: 'unavailable', reason: `HTTP ${res.status}` } };
    }
    const json: unknown = await res.json().catch(() => undefined);
    return json === undefined ? { ok: false, result: { status: 'unavailable', reason: 'not JSON' } } : { ok: true, json, status: res.status };
  }

  return {
    available: true,
    async lookup(cert) {
      const certAnswer = await call(`GetByCertNumber/${encodeURIComponent(cert)}`);
      if (!certAnswer.ok) return certAnswer.result;
      const parsed = ZPsaCertAnswer.safeParse(certAnswer.json);
      if (!parsed.success) return { status: 'unavailable', reason: 'unexpected answer' };
      const c = parsed.data.PSACert;
      if (!c) return /no data/i.test(parsed.data.ServerMessage ?? '') ? { status: 'not_found' } : { status: 'unavailable', reason: 'unexpected answer' };
      const record = psaCertOf(cert, c);
      if (!record) return { status: 'not_found' };
      const merged = mergePsaCert(BLANK, record);
      const data = { ...cardDataFromAnalysis(merged), certNumber: cert, grader: 'PSA' as const };
      // The photo is a nicety: a failure here still fills the card.
      let frontImageUrl: string | null = null;
      let images = await call(`GetImagesByCertNumber/${encodeURIComponent(cert)}`);
      // PSA's 429 on the images call is waited out too (the gate holds the next turn back).
      for (let i = 0; i < 3 && !images.ok && images.result.status === 'rate_limited'; i++)
        images = await call(`GetImagesByCertNumber/${encodeURIComponent(cert)}`);
      if (images.ok) {
        const list = ZImagesAnswer.safeParse(images.json);
        if (list.success) frontImageUrl = list.data.find((i) => i.IsFrontImage)?.ImageURL ?? null;
      }
      return { status: 'found', slab: { data, population: c.TotalPopulation, frontImageUrl } };
    },
    async fetchImage(url) {
      let u: URL;
      try {
        u = new URL(url);
      } catch {
        return null;
      }
      // PSA's images are served over https; plain http only from the API's own origin (a local emulator).
      if (u.protocol !== 'https:' && u.origin !== new URL(base).origin) return null;
      try {
        const res = await fetch(u, { signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
        if (!res.ok) return null;
        const length = Number(res.headers.get('content-length') ?? 0);
        if (length > MAX_IMAGE_BYTES) return null;
        const buf = Buffer.from(await res.arrayBuffer());
        return buf.length > MAX_IMAGE_BYTES ? null : buf;
      } catch {
        return null;
      }
    },
  };
}
