import { normalizeLabelText } from './label-text.ts';
import { readGrade } from './read-grade.ts';
import { takeCardNumber, takeCert, takeGrader, takeSubgrades, takeTrailingCardNumber, takeYear } from './read-fields.ts';
import { readBrand, readPlayerAndVariety, wordsOf, type TBrandRead } from './read-names.ts';
import type { TParsedLabel } from './types.ts';
import { BRAND_ROOTS, SPORT_HINTS } from './vocabulary.ts';

function findBrand(rest: string[], setLine: number | null): { read: TBrandRead; line: number } | null {
  const tryLine = (line: number) => {
    const read = readBrand(wordsOf(rest[line] ?? ''));
    return read ? { read, line } : null;
  };
  if (setLine !== null) {
    const own = tryLine(setLine);
    if (own) return own;
    // The set name may sit on the line below a year printed alone.
    const below = tryLine(setLine + 1);
    return below?.read.known ? below : null;
  }
  const line = rest.findIndex((text) => wordsOf(text).some((w) => BRAND_ROOTS.has(w)));
  return line >= 0 ? tryLine(line) : null;
}

/**
 * Parses the OCR'd text of a graded-card slab label (PSA, BGS/Beckett, SGC, CGC) into fields.
 * Tolerates OCR noise: look-alike characters, stray symbols, broken lines, two-column layouts read
 * in either order. Pure and total: junk text yields nulls, never an exception. Text fields come
 * back display-cased ('Shohei Ohtani', 'Topps Chrome'); player, brand and variety are only read
 * when something label-like (grader, year, grade or cert) anchors the text.
 */
export function parseLabel(text: string): TParsedLabel {
  const lines = normalizeLabelText(text);
  const rest = [...lines];
  const readGrader = takeGrader(rest);
  const certNumber = takeCert(rest);
  const subgrades = takeSubgrades(rest);
  const year = takeYear(rest);
  const hashNumber = takeCardNumber(rest);
  const g = readGrade(rest, readGrader, subgrades !== null);
  // PSA certs run 8-9 digits; BGS and CGC use 10, SGC 7 (or 10): a last hint when no logo was read.
  const grader = readGrader ?? g.graderHint ?? (certNumber && /^\d{8,9}$/.test(certNumber) ? 'PSA' : null);
  const cardNumber = hashNumber?.value ?? (year ? takeTrailingCardNumber(rest, year.line) : null);

  const anchored = Boolean(grader || year || g.grade || certNumber);
  const brand = anchored ? findBrand(rest, year?.line ?? null) : null;
  const fragments = anchored
    ? rest.map((t, line) => ({ words: line === brand?.line ? [] : wordsOf(t), afterSet: line === (brand?.line ?? year?.line ?? -2) + 1 }))
    : [];
  const people = readPlayerAndVariety(fragments);
  const variety = [brand?.read.variety, people.variety].filter(Boolean).join(' ') || null;
  const all = lines.join(' ');

  return {
    grader,
    graderInferred: readGrader === null && grader !== null,
    year: year?.value ?? null,
    brand: brand?.read.brand ?? null,
    brandKnown: brand?.read.known ?? false,
    cardNumber,
    player: people.player,
    variety,
    sport: anchored ? (SPORT_HINTS.find(([re]) => re.test(all))?.[1] ?? null) : null,
    grade: g.grade,
    gradeName: g.gradeName,
    gradeCertain: g.certain,
    qualifier: g.qualifier,
    autoGrade: g.autoGrade,
    subgrades,
    certNumber,
  };
}
