/**
 * A card's structured fields from a card analysis (docs/product.md §3 result plus its extras): what the label
 * reader (or Gemini) read becomes the card's own fields, the cert included (docs/choices.md 39: the cert
 * read from a label is kept on the card). Pure.
 */
import type { TCardAnalysis } from '../analysis/types.ts';
import { NO_CARD_DATA, SUBGRADE_KEYS, type TCardData, type TSubgradeValues } from './card-data.ts';
import { parseGradeText } from './grade.ts';
import { certProblem, normalizeCert, readGradeNumber, yearProblem } from './rules.ts';

/** The analysis fields this reads; any may be missing (an older answer) or null. */
export type TAnalysisSource = Partial<
  Pick<
    TCardAnalysis,
    | 'player'
    | 'sport'
    | 'year'
    | 'brand'
    | 'cardName'
    | 'condition'
    | 'psaCertNumber'
    | 'grader'
    | 'grade'
    | 'cardNumber'
    | 'variety'
    | 'certNumber'
    | 'subgrades'
    | 'autoGrade'
  >
> & { qualifier?: string | null };

const text = (s: string | null | undefined) => s?.replace(/\s+/g, ' ').trim() || null;

function subgradesOf(s: TAnalysisSource['subgrades']): TSubgradeValues | null {
  if (!s) return null;
  const out: TSubgradeValues = { centering: null, corners: null, edges: null, surface: null };
  for (const key of SUBGRADE_KEYS) out[key] = s[key] ? readGradeNumber(s[key]) : null;
  return SUBGRADE_KEYS.some((k) => out[k] !== null) ? out : null;
}

/** The fields an analysis read; a value that fails the card's rules (a misread cert) is left out. */
export function cardDataFromAnalysis(a: TAnalysisSource): TCardData {
  const fromCondition = parseGradeText(a.condition ?? '');
  const grader = a.grader ?? fromCondition.grader;
  const cert = text(a.certNumber ?? a.psaCertNumber);
  const certNumber = cert ? normalizeCert(cert) : null;
  const year = text(a.year);
  // An answer without the extras still names the card: 'Refractor #193' is the variety, then the number.
  const bare = text(a.cardNumber) === null && text(a.variety) === null;
  const cardName = bare ? text(a.cardName) : null;
  const named = cardName ? (/^(.*?)\s*#\s*(\S+)$/.exec(cardName) ?? [cardName, cardName, null]) : null;
  return {
    ...NO_CARD_DATA,
    subject: text(a.player),
    year: year && yearProblem(year) === null ? year : null,
    set: text(a.brand),
    cardNumber: text(a.cardNumber)?.replace(/^#/, '') ?? named?.[2] ?? null,
    variety: text(a.variety) ?? text(named?.[1]),
    sport: text(a.sport),
    grader,
    grade: (a.grade ? readGradeNumber(a.grade) : null) ?? fromCondition.grade,
    qualifier: text(a.qualifier) ?? fromCondition.qualifier,
    autographGrade: (a.autoGrade ? readGradeNumber(a.autoGrade) : null) ?? fromCondition.autographGrade,
    subgrades: subgradesOf(a.subgrades),
    certNumber: certNumber && certProblem(certNumber, grader) === null ? certNumber : null,
  };
}
