/**
 * Bulk intake by cert number (docs/choices.md 42): the cert numbers a collector pastes, types or scans (a
 * scanner gun types each with Enter), read into a list. Shared by the API, the site and the CLI. Pure.
 */
import { certProblem, normalizeCert } from '../cards/rules.ts';

/** What was read from the text: the certs to add (first occurrence order, no repeats) and what could not be a PSA cert. */
export interface TCertList {
  certs: string[];
  /** Entries repeated in the text (added once). */
  repeated: string[];
  /** Entries that are not PSA cert numbers, with why. */
  invalid: Array<{ text: string; problem: string }>;
}

/** Splits on lines, commas, semicolons, tabs and spaces; each entry tidied (a leading '#' or 'Cert' dropped, leading zeros kept). */
export function readCertList(text: string): TCertList {
  const out: TCertList = { certs: [], repeated: [], invalid: [] };
  const seen = new Set<string>();
  for (const raw of text.split(/[\n\r,;\t ]+/)) {
    const entry = raw.trim();
    if (!entry || /^#$/.test(entry) || /^cert(ificate)?:?$/i.test(entry)) continue;
    const cert = normalizeCert(entry);
    const problem = certProblem(cert, 'PSA');
    if (problem) out.invalid.push({ text: entry, problem });
    else if (seen.has(cert)) out.repeated.push(cert);
    else {
      seen.add(cert);
      out.certs.push(cert);
    }
  }
  return out;
}

/** What became of one cert of a batch. */
export type TCertItemStatus = 'queued' | 'looking' | 'added' | 'on_wall' | 'not_found' | 'no_room' | 'failed';

/** True once nothing more will happen to the item. */
export const certItemDone = (s: TCertItemStatus): boolean => s !== 'queued' && s !== 'looking';

/** The message a client shows when PSA cannot be asked (no token, or PSA failing). */
export const PSA_UNAVAILABLE = 'PSA lookup unavailable';
