/**
 * A card's structured fields read from its slot text, for the cards made before they existed
 * (docs/choices.md 39 migration): the grade and cert from the description ('PSA 10 GEM MT • Cert #…'),
 * what the card is from the title, only as far as the fields give the same title back (a title
 * they would not remake whole stays the subject). Nothing is lost: description text that is
 * neither grade nor cert (nor a transferred card's brand) goes to the notes. Pure.
 */
import { BRANDS } from '../analysis/vocabulary.ts';
import { NO_CARD_DATA, type TCardData } from './card-data.ts';
import { parseGradeText } from './grade.ts';
import { certProblem, normalizeCert, yearProblem } from './rules.ts';
import { deriveTitle } from './title.ts';

/** 'Cert #12345678', 'Cert No. 0012345678', 'certification number: 12345678'; never 'Certified Autograph'. */
const CERT = /\bcert(?:ificate|ification)?(?:\s*(?:number|no\.?))?\s*[#:]?\s*(\d[0-9-]{3,19})\b/i;
const GRADED = /\b(PSA|BGS|BECKETT|SGC|CGC|CSG|HGA|UNGRADED|RAW)\b|\b(GEM|MINT|MT|NM|EX|VG|AUTHENTIC)\b.*\b(10|[1-9](\.5)?)\b/i;
const YEAR_FIRST = /^(\d{4}(?:-\d{2,4})?)\s+(.+)$/;
const YEAR_LAST = /^(.+?)\s+(\d{4}(?:-\d{2,4})?)$/;
/** The spec's title of a transferred card that had no player and no year (§3). */
const UNKNOWN_CARD = 'Unknown Card';

const tidy = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The longest known brand or set that `text` starts with, in the text's own spelling. */
function brandPrefix(text: string): string | null {
  const upper = text.toUpperCase();
  const brand = BRANDS.find((b) => upper.startsWith(b) && (upper.length === b.length || upper[b.length] === ' '));
  return brand ? text.slice(0, brand.length) : null;
}

/**
 * What a plain title says the card is: the first reading whose fields remake the title exactly
 * (deriveTitle), else the whole title as the subject. Every title field is in the answer (null
 * where the title does not say).
 */
export function identityFromTitle(typed: string): Pick<TCardData, 'year' | 'set' | 'subject' | 'variety' | 'cardNumber'> {
  const none = { year: null, set: null, subject: null, variety: null, cardNumber: null };
  const title = tidy(typed);
  return title ? { ...none, ...identityOf(title) } : none;
}

function identityOf(title: string): Partial<TCardData> {
  const m = YEAR_FIRST.exec(title);
  const year = m && yearProblem(m[1]!) === null ? m[1]! : null;
  const rest = year ? m![2]! : title;
  const set = year ? brandPrefix(rest) : null;
  const after = set ? tidy(rest.slice(set.length)) : rest;
  const numbered = /^(.*?)\s*#\s?([A-Za-z0-9][\w./-]*)$/.exec(after);
  const candidates: Partial<TCardData>[] = [
    ...(numbered ? [{ year, set, subject: numbered[1] || null, cardNumber: numbered[2]! }] : []),
    { year, set, subject: after || null },
    { year, subject: rest },
  ];
  const fits = candidates.find((c) => deriveTitle({ ...NO_CARD_DATA, ...c }) === title);
  return fits ?? { subject: title };
}

/** A transferred card's title is the player, then the year (docs/product.md §3), or 'Unknown Card'. */
function transferredIdentity(title: string): Partial<TCardData> {
  if (!title || title === UNKNOWN_CARD) return {};
  const m = YEAR_LAST.exec(title);
  return m && yearProblem(m[2]!) === null ? { subject: m[1]!, year: m[2]! } : { subject: title };
}

type TDescriptionRead = Pick<TCardData, 'grader' | 'grade' | 'qualifier' | 'autographGrade' | 'certNumber'> & { set: string | null; rest: string[] };

/** The parts of a description: its grade and cert, a transferred card's brand, and the rest. */
function readDescription(description: string, transferred: boolean): TDescriptionRead {
  const out: TDescriptionRead = { grader: null, grade: null, qualifier: null, autographGrade: null, certNumber: null, set: null, rest: [] };
  for (const part of description
    .split(/\s*[•·|\n]\s*/)
    .map(tidy)
    .filter(Boolean)) {
    const cert = CERT.exec(part);
    const rest = tidy(cert ? part.replace(cert[0], ' ') : part);
    if (cert && out.certNumber === null) out.certNumber = normalizeCert(cert[1]!);
    if (!rest) continue;
    if (out.grader === null && out.grade === null && GRADED.test(rest)) Object.assign(out, parseGradeText(rest));
    else if (transferred && out.set === null) out.set = rest;
    else out.rest.push(rest);
  }
  if (out.certNumber !== null && certProblem(out.certNumber, out.grader) !== null) {
    out.rest.push(`Cert #${out.certNumber}`);
    out.certNumber = null;
  }
  return out;
}

/**
 * The grade and cert a typed description states ('PSA 10 GEM MT • Cert #12345678'); every grade
 * field is in the answer (null where the description does not say; a cert that breaks the rules
 * is not taken).
 */
export function gradeFromDescription(description: string): Pick<TCardData, 'grader' | 'grade' | 'qualifier' | 'autographGrade' | 'certNumber'> {
  const { grader, grade, qualifier, autographGrade, certNumber } = readDescription(description, false);
  return { grader, grade, qualifier, autographGrade, certNumber };
}

/**
 * The structured fields of a card whose text is `title` and `description`. `transferred`: the
 * card came from an anonymous collection, whose description is 'brand • condition' (docs/product.md §3).
 */
export function cardDataFromText(title: string, description: string, transferred: boolean): TCardData {
  const name = tidy(title);
  const { set, rest, ...grade } = readDescription(description, transferred);
  const identity = transferred ? transferredIdentity(name) : identityFromTitle(name);
  return { ...NO_CARD_DATA, ...identity, ...(set && !identity.set ? { set } : {}), ...grade, notes: rest.length > 0 ? rest.join(' • ') : null };
}
