import type { TPsaCert } from '../../../core/analysis/psa-cert.ts';
import { psaCertOf, psaGet, ZPsaCertAnswer } from '../psa/psa-api.ts';

/** Default PSA public API origin. */
export const PSA_API_BASE = 'https://api.psacard.com';

/** PSA's answer for one cert: confirmed with its record, unknown to PSA, or not checkable now. */
export type TPsaLookup = { status: 'verified'; cert: TPsaCert } | { status: 'not_found' } | { status: 'unavailable' };

/** Settings of the PSA verifier; only `token` is required. */
export interface TPsaVerifierOptions {
  /** PSA public API bearer token. */
  token: string;
  baseUrl?: string;
  /** Limit for one call to PSA (default 5 s). */
  timeoutMs?: number;
  /** How long a confirmed cert is remembered (default 24 h); an unknown one, a tenth of that. */
  ttlMs?: number;
  /** Certs remembered at most; the least recently used is forgotten first (default 1000). */
  maxEntries?: number;
  /** The clock, for tests. */
  now?: () => number;
}

/** Checks PSA cert numbers against PSA's public cert API, with an in-memory cache. */
export interface PsaVerifier {
  /** Never throws: network failures, timeouts, quota and auth errors come back as 'unavailable'. */
  lookup(certNumber: string): Promise<TPsaLookup>;
}

async function callPsa(o: TPsaVerifierOptions, cert: string): Promise<TPsaLookup> {
  let res: Response;
  try {
    res = await psaGet({ baseUrl: o.baseUrl ?? PSA_API_BASE, token: o.token, timeoutMs: o.timeoutMs ?? 5_000 }, `GetByCertNumber/${cert}`);
  } catch {
    return { status: 'unavailable' };
  }
  if (res.status === 404) return { status: 'not_found' };
  if (!res.ok) return { status: 'unavailable' };
  const parsed = ZPsaCertAnswer.safeParse(await res.json().catch(() => null));
  if (!parsed.success) return { status: 'unavailable' };
  const found = parsed.data.PSACert && psaCertOf(cert, parsed.data.PSACert);
  return found ? { status: 'verified', cert: found } : { status: 'not_found' };
}

/**
 * Creates a verifier. Answers are cached per cert (LRU with TTL; 'unavailable' is never cached) and
 * concurrent lookups of one cert share a single call. The token is sent only to `baseUrl`.
 */
export function createPsaVerifier(o: TPsaVerifierOptions): PsaVerifier {
  const now = o.now ?? Date.now;
  const ttl = o.ttlMs ?? 24 * 60 * 60 * 1000;
  const max = o.maxEntries ?? 1000;
  const cache = new Map<string, { value: TPsaLookup; expires: number }>();
  const inflight = new Map<string, Promise<TPsaLookup>>();

  const remember = (cert: string, value: TPsaLookup) => {
    if (value.status === 'unavailable') return;
    cache.delete(cert);
    if (cache.size >= max) cache.delete(cache.keys().next().value ?? '');
    cache.set(cert, { value, expires: now() + (value.status === 'verified' ? ttl : ttl / 10) });
  };

  return {
    async lookup(certNumber) {
      const cert = certNumber.trim();
      if (!/^\d{5,10}$/.test(cert)) return { status: 'not_found' };
      const hit = cache.get(cert);
      if (hit && hit.expires > now()) {
        cache.delete(cert);
        cache.set(cert, hit);
        return hit.value;
      }
      cache.delete(cert);
      const pending = inflight.get(cert) ?? callPsa(o, cert).then((value) => (remember(cert, value), value));
      inflight.set(cert, pending);
      try {
        return await pending;
      } finally {
        inflight.delete(cert);
      }
    },
  };
}
