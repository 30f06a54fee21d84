import { cardNameOf, formatCondition, gradeDetailsFor } from './build-analysis.ts';
import { parseLabel } from './parse-label.ts';
import type { TCardAnalysis } from './types.ts';
import { SPORT_HINTS, displayCase } from './vocabulary.ts';

/** The fields of PSA's cert record Ratio uses (PSA public API `PSACert`), as PSA spells them. */
export interface TPsaCert {
  certNumber: string;
  year: string | null;
  brand: string | null;
  category: string | null;
  cardNumber: string | null;
  subject: string | null;
  variety: string | null;
  /** e.g. 'GEM MT 10', 'MINT 9 (OC)', 'AUTHENTIC'. */
  cardGrade: string | null;
  autographGrade: string | null;
}

const norm = (s: string | null | undefined) => (s ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');

/**
 * True unless what was read from the photo contradicts PSA's record: a cert number misread into
 * another valid cert would name a different card. Compares year, player surname and grade where
 * both sides have them; agreement on any one, or nothing to compare, counts as a match.
 */
export function psaCertMatches(a: TCardAnalysis, cert: TPsaCert): boolean {
  const grade = parseLabel(`PSA\n${cert.cardGrade ?? ''}`).grade;
  const surname = norm(a.player?.split(' ').at(-1));
  const checks = [
    a.year && cert.year ? a.year.slice(0, 4) === cert.year.slice(0, 4) : null,
    surname && cert.subject ? norm(cert.subject).includes(surname) : null,
    a.grade && grade ? a.grade === grade : null,
  ].filter((c): c is boolean => c !== null);
  return checks.length === 0 || checks.some(Boolean);
}

/**
 * The analysis corrected by PSA's record of its cert: PSA's year, brand, player, card number,
 * variety and grade replace what was read (PSA is the authority on its own slabs), `psaVerified`
 * becomes true and confidence at least 0.95. When the record contradicts the photo
 * (see psaCertMatches) the analysis comes back unchanged and unverified. Pure.
 */
export function mergePsaCert(a: TCardAnalysis, cert: TPsaCert): TCardAnalysis {
  if (!psaCertMatches(a, cert)) return { ...a, psaVerified: false };
  const g = cert.cardGrade ? parseLabel(`PSA\n${cert.cardGrade}`) : null;
  const pick = (psa: string | null, read: string | null) => (psa?.trim() ? displayCase(psa.trim()) : read);
  const variety = pick(cert.variety, a.variety);
  const cardNumber = cert.cardNumber?.trim().replace(/^#/, '') || a.cardNumber;
  const grade = g?.grade ? { grade: g.grade, gradeName: g.gradeName, qualifier: g.qualifier } : null;
  const parts = {
    grader: 'PSA' as const,
    grade: grade?.grade ?? a.grade,
    gradeName: grade?.gradeName ?? a.gradeDetails?.name ?? null,
    qualifier: grade ? grade.qualifier : null,
    autoGrade: cert.autographGrade?.match(/\d+(\.5)?/)?.[0] ?? a.autoGrade,
  };
  const category = (cert.category ?? '').toUpperCase();
  return {
    ...a,
    player: pick(cert.subject, a.player),
    year: cert.year?.trim() || a.year,
    brand: pick(cert.brand, a.brand),
    sport: SPORT_HINTS.find(([re]) => re.test(category))?.[1] ?? a.sport,
    variety,
    cardNumber,
    cardName: cardNameOf(variety, cardNumber),
    grader: 'PSA',
    grade: parts.grade,
    autoGrade: parts.autoGrade,
    condition: formatCondition(parts) ?? a.condition,
    gradeDetails: gradeDetailsFor(parts) ?? a.gradeDetails,
    psaVerified: true,
    psaCertNumber: cert.certNumber,
    certNumber: cert.certNumber,
    certificationUrl: `https://www.psacard.com/cert/${cert.certNumber}`,
    confidence: Math.max(a.confidence, 0.95),
  };
}
