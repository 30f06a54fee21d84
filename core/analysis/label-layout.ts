import { gradesOf, labelNameOf, levelForGrade, levelForName, nameOf } from './grade-scale.ts';
import { asDigits } from './label-text.ts';
import { parseLabel } from './parse-label.ts';
import type { TParsedLabel } from './types.ts';
import { displayCase } from './vocabulary.ts';

/** A piece of text found on a photo: its box in pixels and the reader's certainty of each character (0..1). */
export interface TTextBox {
  text: string;
  /** One certainty per character of `text`. */
  charScores: number[];
  /** The lowest of `charScores`. */
  score: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A label line: the boxes of one row of one column, joined left to right. */
export interface TLabelLine {
  text: string;
  charScores: number[];
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The label's lines by column: the left column (set, subject, variety), the right (number, grade, cert), the rest. */
export interface TLabelColumns {
  left: TLabelLine[];
  right: TLabelLine[];
  middle: TLabelLine[];
}

/** The fields the analysis fills, and how sure the read of each is (0..1). */
export type TFieldScores = Record<'year' | 'brand' | 'player' | 'cardNumber' | 'grade' | 'certNumber', number>;

/** A label read by layout: the parsed fields and the certainty of each. */
export interface TLayoutRead {
  parsed: TParsedLabel;
  scores: TFieldScores;
  /** True when the PSA layout (two columns, fields by position) was recognised. */
  byLayout: boolean;
}

const height = (b: { y0: number; y1: number }) => b.y1 - b.y0;
const centre = (b: { y0: number; y1: number }) => (b.y0 + b.y1) / 2;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, v) => a + v, 0) / xs.length : 0);

/** Grader names printed as logos beside the fields: not part of any column. */
const LOGO = /^(PSA|PSA\/DNA|BECKETT|BGS|SGC|CGC|CGC CARDS)$/i;
/** A vintage set's catalogue code at the start of a line ('T206', 'E90-1', 'M101-5', 'W514'). */
export const CATALOGUE_CODE = /^[TENMDRWV]\d{1,3}(-\d)?(?=\s|$)/;
const YEAR_START = /^([12][0-9OIlSZBD]{3})(?![0-9])\s*(.*)$/;
const CERT = /^\d{7,10}$/;
const GRADE_NUMBER = /^(10|[1-9](?:\.5)?)$/;

/** Rows of boxes: boxes whose vertical centres lie within half a line of each other, top to bottom. */
export function rowsOf<T extends { y0: number; y1: number; x0: number }>(boxes: readonly T[]): T[][] {
  const lineH = median(boxes.map(height)) || 1;
  const rows: T[][] = [];
  for (const b of [...boxes].sort((a, c) => centre(a) - centre(c))) {
    const row = rows.find((r) => Math.abs(centre(r[0] as T) - centre(b)) < lineH * 0.5);
    if (row) row.push(b);
    else rows.push([b]);
  }
  return rows.map((r) => r.sort((a, c) => a.x0 - c.x0));
}

function joinRow(row: readonly TTextBox[] | readonly TLabelLine[]): TLabelLine {
  const parts = row as readonly TLabelLine[];
  return {
    text: parts.map((b) => b.text).join(' '),
    // The joining space counts as sure.
    charScores: parts.flatMap((b, i) => (i ? [1, ...b.charScores] : b.charScores)),
    x0: Math.min(...parts.map((b) => b.x0)),
    y0: Math.min(...parts.map((b) => b.y0)),
    x1: Math.max(...parts.map((b) => b.x1)),
    y1: Math.max(...parts.map((b) => b.y1)),
  };
}

/** How much a row looks like part of a slab label: years, cert numbers, grade words, card numbers. */
function anchorScore(row: readonly TTextBox[]): number {
  return row.reduce((sum, b) => {
    const t = b.text.toUpperCase().trim();
    let s = 0;
    if (YEAR_START.test(t) && /^(18[89]|19|20)/.test(asDigits(t.slice(0, 4)) ?? '')) s += 2;
    if (CERT.test(t.replace(/\s/g, ''))) s += 2;
    if (/^#\s*[A-Z0-9]/.test(t)) s += 1;
    if (levelForName(t) || GRADE_NUMBER.test(t)) s += 1;
    if (LOGO.test(t)) s += 1;
    return sum + s;
  }, 0);
}

/**
 * Finds the label among the text boxes of a photo and splits it into columns. Rows closer than
 * two and a half lines form blocks; the label is the block with most label-like rows (card art
 * and slab edges form others). Within it, a box starting near the left edge is in the left
 * column, one starting past the middle in the right column; logos and barcodes in between are
 * kept apart.
 */
export function labelColumns(all: readonly TTextBox[]): TLabelColumns {
  // Text standing on end (a turned photo) and scraps the reader doubts (barcode stripes read as '1') are not label text.
  const boxes = all.filter((b) => b.text.trim() && !(height(b) > 1.5 * (b.x1 - b.x0) && b.text.length > 2) && !(b.text.trim().length <= 2 && b.score < 0.5));
  const rows = rowsOf(boxes);
  if (!rows.length) return { left: [], right: [], middle: [] };
  const lineH = median(boxes.map(height)) || 1;
  const blocks: TTextBox[][][] = [];
  let last: TTextBox[] | null = null;
  for (const row of rows) {
    const top = Math.min(...row.map((b) => b.y0));
    const prevBottom = last ? Math.max(...last.map((b) => b.y1)) : -Infinity;
    if (!last || top - prevBottom > lineH * 2.5) blocks.push([row]);
    else blocks.at(-1)?.push(row);
    last = row;
  }
  const score = (block: TTextBox[][]) => block.reduce((s, r) => s + anchorScore(r), 0);
  const label = blocks.reduce((best, b) => (score(b) > score(best) ? b : best));
  const flat = label.flat();
  const left = Math.min(...flat.map((b) => b.x0));
  const width = Math.max(...flat.map((b) => b.x1)) - left || 1;
  const side = (b: TTextBox) => (LOGO.test(b.text.trim()) ? 'middle' : b.x0 < left + width * 0.25 ? 'left' : b.x0 >= left + width * 0.5 ? 'right' : 'middle');
  const linesOf = (which: string) => rowsOf(flat.filter((b) => side(b) === which)).map(joinRow);
  return { left: linesOf('left'), right: linesOf('right'), middle: linesOf('middle') };
}

/**
 * Spacing as printed: 'P.M.JPN.VENDING' -> 'P.M. JPN. VENDING' (a space after a period ending an
 * abbreviation), 'SWAMPERT -HOLO' -> 'SWAMPERT-HOLO' (a space the reader put on one side of a hyphen),
 * 'MASTER& MENTOR' -> 'MASTER & MENTOR' (an ampersand has a space each side); and a zero read inside
 * a word is the letter: 'P0KEMON' -> 'POKEMON'.
 */
function tidySpaces(text: string): string {
  return text
    .replace(/(?<=[A-Z])0(?=[A-Z])/g, 'O')
    .replace(/\.(?=[A-Z]{2,})/g, '. ')
    .replace(/(\S) -(?=\S)/g, '$1-')
    .replace(/(\S)- (?=\S)/g, '$1-')
    .replace(/\s*&\s*/g, ' & ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Certainty of a line's characters from `start` to `end`: mostly the weakest (one doubtful letter is a doubtful word), partly the mean. */
function certainty(line: TLabelLine | undefined, start = 0, end?: number): number {
  if (!line) return 0;
  const s = line.charScores.slice(start, end ?? line.charScores.length);
  return s.length ? 0.7 * Math.min(...s) + 0.3 * mean(s) : 0;
}

/** Certainty of the characters of `line` that spell `want` (letters and digits only), else of the whole line. */
function spanCertainty(line: TLabelLine, want: string): number {
  const keep = [...line.text].flatMap((c, i) => (/[A-Za-z0-9]/.test(c) ? [i] : []));
  const letters = keep.map((i) => line.text[i]?.toUpperCase() ?? '').join('');
  const at = letters.indexOf(want);
  if (at < 0) return certainty(line);
  const picked = keep.slice(at, at + want.length).map((i) => line.charScores[i] ?? 0);
  return picked.length ? 0.7 * Math.min(...picked) + 0.3 * mean(picked) : 0;
}

/** A subject line looks like a name: letters, at most six words, not a grade word or a number. */
function plausibleSubject(text: string): boolean {
  const letters = text.replace(/[^A-Za-z]/g, '').length;
  return letters >= 3 && letters >= text.replace(/\s/g, '').length * 0.6 && text.split(/\s+/).length <= 6 && !levelForName(text);
}

/** Label text for the line parser: the left column, then the right, then anything between. */
export function columnText(c: TLabelColumns): string {
  return [...c.left, ...c.right, ...c.middle].map((l) => l.text).join('\n');
}

/**
 * Reads a PSA-style label by position (docs/choices.md 28): left column `YEAR BRAND` (the brand may wrap
 * onto a second line when there are four lines), then the subject, then the variety; right column
 * `#number`, the grade words, the grade number and the cert number, each told apart by its
 * shape. Other layouts (BGS, SGC, CGC) are read by the line parser; so are the fields a PSA
 * layout lacks. Returns each field's certainty: the reader's own, times the checks it passes.
 */
export function readLabelLayout(boxes: readonly TTextBox[]): TLayoutRead {
  const cols = labelColumns(boxes);
  const base = parseLabel(columnText(cols));
  const all = [...cols.left, ...cols.right, ...cols.middle];
  // Read by the line parser, not by position: each field as sure as the characters it came from.
  const squashed = (t: string) => t.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const from = (value: string | null, factor = 1): number => {
    if (!value) return 0;
    const want = squashed(value);
    const lines = all.filter((l) => want && squashed(l.text).includes(want));
    return factor * (lines.length ? Math.max(...lines.map((l) => spanCertainty(l, want))) : 0.6 * mean(all.flatMap((l) => l.charScores)));
  };
  const fallbackScores: TFieldScores = {
    year: from(base.year, 0.95),
    brand: from(base.brand, base.brandKnown ? 0.95 : 0.75),
    player: from(base.player, base.player?.includes(' ') ? 0.95 : 0.75),
    cardNumber: from(base.cardNumber, 0.95),
    grade: base.grade ? from(base.grade, base.gradeCertain ? 0.95 : 0.6) : 0,
    certNumber: from(base.certNumber, 0.95),
  };
  const cgc = readCgcLayout(cols, base);
  if (cgc) return cgc;
  const first = cols.left[0];
  const yearMatch = first ? YEAR_START.exec(first.text.toUpperCase()) : null;
  // PSA prints no year before some vintage sets' catalogue code ('T206', 'T205 GOLD BORDER'): the line is the set.
  const codeFirst = !yearMatch && Boolean(first && CATALOGUE_CODE.test(first.text.toUpperCase().trim()));
  const year = yearMatch ? asDigits(yearMatch[1] ?? '') : null;
  const isPsa = base.grader === 'PSA' || base.grader === null;
  if (!first || (!codeFirst && (!yearMatch || !year || !/^(18[89]\d|19\d\d|20\d\d)$/.test(year))) || !isPsa || cols.left.length < 2 || !cols.right.length) {
    return { parsed: base, scores: fallbackScores, byLayout: false };
  }

  const yearEnd = yearMatch ? first.text.length - (yearMatch[2] ?? '').length : 0;
  const wraps = cols.left.length >= 4;
  const brandLines = wraps ? [first, cols.left[1]] : [first];
  const subjectLine = cols.left[wraps ? 2 : 1];
  const varietyLines = cols.left.slice(wraps ? 3 : 2);
  const brandText = [yearMatch ? (yearMatch[2] ?? '') : first.text, ...(wraps ? [cols.left[1]?.text ?? ''] : [])].join(' ').trim();

  let cardNumber: { value: string; score: number } | null = null;
  let gradeNumber: { value: string; score: number } | null = null;
  let gradeWord: { value: string; score: number } | null = null;
  let cert: { value: string; score: number } | null = null;
  for (const line of cols.right) {
    const t = line.text.toUpperCase().trim();
    const squashed = t.replace(/\s/g, '');
    const digits = asDigits(squashed);
    if (/^#/.test(t)) cardNumber ??= { value: t.replace(/^#\s*/, ''), score: certainty(line, 1) };
    else if (digits && CERT.test(digits)) cert = { value: digits, score: certainty(line) };
    else if (GRADE_NUMBER.test(t)) gradeNumber = { value: t, score: certainty(line) };
    else {
      // Grade words, perhaps with the number on the same line ('GEM MT 10').
      const m = /^(.*?)\s*(10|[1-9](?:\.5)?)?$/.exec(t);
      const level = m?.[1] ? levelForName(m[1]) : null;
      if (level && m?.[1]) {
        gradeWord = { value: labelNameOf(level, 'PSA', m[1]), score: certainty(line, 0, m[1].length) };
        if (m[2]) gradeNumber ??= { value: m[2], score: certainty(line, m[1].length) };
      }
    }
  }

  const wordLevel = gradeWord ? levelForName(gradeWord.value) : null;
  const agree = Boolean(wordLevel && gradeNumber && gradesOf(wordLevel, 'PSA').includes(gradeNumber.value));
  const grade = gradeNumber?.value ?? (wordLevel ? (gradesOf(wordLevel, 'PSA')[0] ?? null) : null);
  const gradeLevel = grade ? (agree ? wordLevel : levelForGrade('PSA', grade)) : null;
  const gradeScore = !grade
    ? 0
    : agree
      ? Math.min(gradeNumber?.score ?? 0, gradeWord?.score ?? 0)
      : gradeNumber && gradeWord
        ? 0.3
        : 0.6 * (gradeNumber?.score ?? gradeWord?.score ?? 0);
  const subjectText = subjectLine?.text.trim() ?? '';
  const subjectOk = plausibleSubject(subjectText);
  const certValue = cert?.value ?? base.certNumber;

  const parsed: TParsedLabel = {
    ...base,
    grader: 'PSA',
    graderInferred: base.grader === null,
    year,
    brand: brandText ? displayCase(tidySpaces(brandText.toUpperCase())) : null,
    brandKnown: base.brandKnown,
    cardNumber: cardNumber?.value ?? null,
    player: subjectOk ? displayCase(tidySpaces(subjectText)) : null,
    variety: varietyLines.length ? displayCase(tidySpaces(varietyLines.map((l) => l.text).join(' '))) : null,
    grade,
    // The words as printed when they agree with the number ('PR-FR' over a 1 on an older label).
    gradeName: gradeLevel ? (agree && gradeWord ? gradeWord.value : nameOf(gradeLevel, 'PSA')) : null,
    gradeCertain: agree,
    certNumber: certValue,
  };
  const scores: TFieldScores = {
    year: year ? certainty(first, 0, yearEnd) : 0,
    // A set of two letters or more, or a vintage set's catalogue code alone ('T206', 'E98', 'W514').
    brand:
      brandText.replace(/[^A-Za-z]/g, '').length >= 2 || CATALOGUE_CODE.test(brandText.trim())
        ? Math.min(...brandLines.map((l, i) => certainty(l, i ? 0 : yearEnd)))
        : 0,
    player: subjectOk ? certainty(subjectLine) : 0,
    cardNumber: cardNumber?.score ?? 0,
    grade: gradeScore,
    // PSA certs have 8 or 9 digits (older ones 7, newer 10): other lengths are doubtful.
    certNumber: cert ? cert.score * (/^\d{8,9}$/.test(cert.value) ? 1 : 0.6) : certValue ? 0.5 : 0,
  };
  return { parsed, scores, byLayout: true };
}

/**
 * Reads a CGC label of the current layout by position: the subject on the first line, then
 * `Set (YEAR) Set continued`, more of the set name ending in ` - number`, then the variety; the
 * grade words and number at the right, the cert number under them. Null when the left column has
 * no '(YEAR)' line under a subject.
 */
function readCgcLayout(cols: TLabelColumns, base: TParsedLabel): TLayoutRead | null {
  const at = cols.left.findIndex((l) => /\((?:18[89]|19\d|20\d)\d\)/.test(l.text));
  if (at < 1 || (base.grader !== null && base.grader !== 'CGC')) return null;
  const yearLine = cols.left[at] as TLabelLine;
  const subjectLine = cols.left[at - 1] as TLabelLine;
  const yearM = /\(((?:18[89]|19\d|20\d)\d)\)/.exec(yearLine.text);
  if (!yearM?.[1]) return null;
  const setLines = [yearLine];
  let cardNumber: string | null = null;
  let numberLine: TLabelLine | null = null;
  for (const line of cols.left.slice(at + 1)) {
    if (cardNumber) break;
    const m = /^(.*?)\s*-\s*#?([A-Z0-9]+(?:\/[A-Z0-9]+)?)$/i.exec(line.text.trim());
    if (m?.[2] && /\d/.test(m[2])) {
      cardNumber = m[2];
      numberLine = { ...line, text: m[1] ?? '' };
      setLines.push(numberLine);
    } else if (/^\d{7,10}$/.test(line.text.replace(/\s/g, ''))) break;
    else setLines.push(line);
  }
  const varietyLines = cols.left.slice(at + setLines.length).filter((l) => !/^\d{7,10}$/.test(l.text.replace(/\s/g, '')));
  const brandText = setLines
    .map((l) => l.text.replace(/\(\d{4}\)/, ' '))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  const subjectText = subjectLine.text.trim();
  const subjectOk = plausibleSubject(subjectText);
  const parsed: TParsedLabel = {
    ...base,
    grader: 'CGC',
    graderInferred: base.grader === null,
    year: yearM[1],
    brand: brandText ? displayCase(brandText.toUpperCase()) : null,
    cardNumber,
    player: subjectOk ? displayCase(subjectText.toUpperCase()) : null,
    variety: varietyLines.length
      ? displayCase(
          varietyLines
            .map((l) => l.text)
            .join(' ')
            .toUpperCase(),
        )
      : null,
  };
  const yearStart = yearLine.text.indexOf(yearM[0]);
  const readerMean = mean(cols.right.flatMap((l) => l.charScores));
  return {
    parsed,
    scores: {
      year: certainty(yearLine, yearStart, yearStart + yearM[0].length),
      brand: Math.min(...setLines.map((l) => certainty(l))),
      player: subjectOk ? certainty(subjectLine) : 0,
      cardNumber: cardNumber && numberLine ? certainty(numberLine) : 0,
      grade: base.grade ? (base.gradeCertain ? 1 : 0.7) * readerMean : 0,
      certNumber: base.certNumber
        ? (/^\d{10}$/.test(base.certNumber) ? 1 : 0.6)
          * certainty(cols.right.concat(cols.middle, cols.left).find((l) => l.text.replace(/\s/g, '').includes(base.certNumber ?? '-')))
        : 0,
    },
    byLayout: true,
  };
}
