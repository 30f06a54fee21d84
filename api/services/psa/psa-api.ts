import { z } from 'zod';
import type { TPsaCert } from '../../../core/analysis/psa-cert.ts';

/**
 * PSA's public cert API (api.psacard.com/publicapi), as the analysis' cert check (psa-verify.ts)
 * and bulk intake (psa-client.ts) both call it: one request shape and one reading of its record.
 */

/** A text field of PSA's record: trimmed, a number as its digits, blank or absent as null. */
const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined || String(v).trim() === '' ? null : String(v).trim()));
const count = z
  .union([z.number(), z.string().regex(/^\d+$/)])
  .nullish()
  .transform((v) => (v === null || v === undefined ? null : Number(v)));

/** GetByCertNumber's answer: `{ PSACert: {...}, DNACert: {...} }`, or `{ IsValidRequest, ServerMessage: 'No data found' }`. */
export const ZPsaCertAnswer = z.object({
  PSACert: z
    .object({
      CertNumber: z.union([z.string(), z.number()]).transform(String),
      Year: text,
      Brand: text,
      Category: text,
      CardNumber: text,
      Subject: text,
      Variety: text,
      CardGrade: text,
      AutographGrade: text,
      // A nicety: a population of another form is left out rather than failing the lookup.
      TotalPopulation: count.catch(null),
    })
    .nullish(),
  ServerMessage: z.string().nullish().catch(null),
});
type TPsaRecord = NonNullable<z.output<typeof ZPsaCertAnswer>['PSACert']>;

/** GET `path` below /publicapi/cert/ with the bearer token; rejects on a network failure or after `timeoutMs`. */
export function psaGet(o: { baseUrl: string; token: string; timeoutMs: number }, path: string): Promise<Response> {
  return fetch(`${o.baseUrl.replace(/\/+$/, '')}/publicapi/cert/${path}`, {
    headers: { Authorization: `bearer ${o.token}`, Accept: 'application/json' },
    signal: AbortSignal.timeout(o.timeoutMs),
  });
}

/** PSA's record as Ratio reads it, or null when it is another cert's (leading zeros do not count). */
export function psaCertOf(cert: string, c: TPsaRecord): TPsaCert | null {
  if (c.CertNumber.replace(/^0+/, '') !== cert.replace(/^0+/, '')) return null;
  return {
    certNumber: cert,
    year: c.Year,
    brand: c.Brand,
    category: c.Category,
    cardNumber: c.CardNumber,
    subject: c.Subject,
    variety: c.Variety,
    cardGrade: c.CardGrade,
    autographGrade: c.AutographGrade,
  };
}
