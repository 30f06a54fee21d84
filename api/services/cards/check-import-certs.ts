import { PSA_CHECK_MAX, type TImportCard } from '../../../core/contracts/csv.types.ts';
import type { PsaVerifier } from '../analysis/psa-verify.ts';

/** Lookups to PSA in flight at once. */
const PARALLEL = 4;

/**
 * Checks the cert numbers of an import's first PSA_CHECK_MAX cards against PSA (docs/choices.md 29: with a
 * PSA cert number and PSA_API_TOKEN the row can be checked) and sets each card's `psa`. Never
 * throws: PSA being down reads as 'unavailable'. Cards past the cap stay unchecked (null).
 */
export async function checkImportCerts(cards: TImportCard[], verifier: PsaVerifier): Promise<void> {
  const todo = cards.filter((c) => c.certNumber).slice(0, PSA_CHECK_MAX);
  let next = 0;
  const worker = async () => {
    while (next < todo.length) {
      const card = todo[next++]!;
      const found = await verifier.lookup(card.certNumber!);
      card.psa = found.status === 'verified' ? { status: 'verified', grade: found.cert.cardGrade, subject: found.cert.subject } : { status: found.status };
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, todo.length) }, worker));
}
