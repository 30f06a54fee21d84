/**
 * The checks of a card's structured fields (docs/choices.md 39), as plain functions: the API's zod
 * contracts call them (core/contracts/cards.types.ts) and the site's forms show their messages
 * inline (zod stays out of the pages' bundles: it probes eval, which the CSP refuses). Each
 * returns null when the value is right, else what is wrong in words a collector reads.
 */
import type { TCardGrader } from './card-data.ts';

/** Cert numbers: PSA prints 7 to 9 digits; BGS and CGC 10; SGC 7 to 10 or '1234567-001'. */
const PSA_CERT = /^\d{7,9}$/;
const OTHER_CERT = /^(\d{7,10}|\d{7}-\d{3})$/;

/** A cert number as typed or read, tidied: spaces and a leading '#' or 'Cert' dropped, leading zeros kept. */
export function normalizeCert(text: string): string {
  return text
    .trim()
    .replace(/^(cert(ificate|ification)?\s*(number|no\.?)?\s*[:#]?\s*|#\s*)/i, '')
    .replace(/\s+/g, '');
}

/** Why `cert` (normalized) cannot be the cert of a card graded by `grader`; null when it can. */
export function certProblem(cert: string, grader: TCardGrader | null): string | null {
  if (grader === 'raw') return 'A raw card has no cert number';
  if (grader === 'PSA') return PSA_CERT.test(cert) ? null : 'A PSA cert number is 7 to 9 digits';
  return OTHER_CERT.test(cert) ? null : 'A cert number is 7 to 10 digits';
}

/** Why `year` is not a card year ('2018', or a season '2018-19' / '2018-2019'); null when it is. */
export function yearProblem(year: string): string | null {
  const m = /^(\d{4})(?:-(\d{2}|\d{4}))?$/.exec(year);
  const first = Number(m?.[1]);
  if (!m || first < 1850 || first > 2100) return 'A year is four digits, e.g. 2018 or 2018-19';
  return null;
}

/** Why `grade` is not a grade (1 to 10 in half steps); null when it is. */
export function gradeProblem(grade: number): string | null {
  return Number.isFinite(grade) && grade >= 1 && grade <= 10 && Number.isInteger(grade * 2) ? null : 'A grade is 1 to 10, in half steps';
}

/** A grade typed or read as text ('9.5', '10.0', '8') as a number; null when it is not one. */
export function readGradeNumber(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,2}(\.\d)?$/.test(t)) return null;
  const n = Number(t);
  return gradeProblem(n) === null ? n : null;
}

/** A grade as collectors write it: '10', '9.5' (never '10.0'). */
export function gradeText(grade: number): string {
  return Number.isInteger(grade) ? String(grade) : grade.toFixed(1);
}

/** Every grade from 10 down to 1, as a form's choices. */
export const GRADE_STEPS: readonly number[] = Array.from({ length: 19 }, (_, i) => 10 - i / 2);

/** Why `date` is not a calendar date written YYYY-MM-DD; null when it is. */
export function dateProblem(date: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return 'A date is written YYYY-MM-DD';
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === date && Number(m[1]) >= 1850 ? null : 'Not a date in the calendar';
}

/** Most a cost may be: a billion dollars, in cents. */
export const MAX_COST_CENTS = 100_000_000_000;

/** Why `cents` cannot be a cost; null when it can. */
export function costProblem(cents: number): string | null {
  return Number.isInteger(cents) && cents >= 0 && cents <= MAX_COST_CENTS ? null : 'A cost is an amount from $0 to $1,000,000,000';
}
