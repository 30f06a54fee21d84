import type { TTextBox } from '../../../core/analysis/label-layout.ts';
import { GRADE_LEVELS, QUALIFIERS, gradesOf } from '../../../core/analysis/grade-scale.ts';
import { brandYears, withinYears } from '../../../core/analysis/vocabulary.ts';
import { bestCandidate, ctcLogLikelihood, greedyDecode, textLogLikelihood, type TCtcOutput } from './ctc.ts';
import { labelLineBoxes, type TLineBox, type TRgb } from './find-label.ts';
import { CODE_SETS, LABEL_SETS } from './label-sets.ts';
import { distance, snapNames } from './name-lexicon.ts';
import { PLAYER_CAREERS, playerYears } from './player-careers.ts';
import type { PaddleReader } from './paddle-reader.ts';

/**
 * Reads a straightened PSA label image line by line (docs/choices.md 44): the lines are cut by where the
 * ink is (find-label.ts), not by the text detector, which misses the few-pixel letters of a
 * listing photo. Each piece is read by its place on the label: the right column's top line is the
 * card number, its bottom line the cert (digits only), the lines between are grade words and
 * numbers (the likeliest of the grade phrases PSA prints); the left column's first line starts
 * with a year unless it starts with a set code (T206, E90-1, M101-5). Names and sets are read
 * freely: an unknown player is still read.
 */

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const FREE = `${LETTERS}${DIGITS} #.,:;'&/()+-`;

/** Grade phrases a PSA label prints in its right column: the words alone or with the number, or the number alone. */
export const PSA_GRADE_PHRASES: readonly string[] = (() => {
  const out = new Set<string>();
  const words: [string, readonly string[]][] = GRADE_LEVELS.flatMap((l) => {
    const nums = gradesOf(l, 'PSA');
    if (!nums.length) return [];
    return [...new Set([l.names.PSA ?? l.names.default, ...l.aliases.filter((a) => a.length <= 8)])].map((w) => [w, nums] as [string, readonly string[]]);
  });
  words.push(['PR-FR', ['1']]);
  for (const [w, nums] of words) {
    out.add(w);
    for (const n of nums) out.add(`${w} ${n}`).add(n);
  }
  return [...out];
})();

/** The autograph grades PSA prints on a line of their own under the card's grade. */
const AUTO_PHRASES: readonly string[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'].map((n) => `AUTO ${n}`);
const AUTO_SURE = 0.5;

/** The grade words PSA prints over the number, each with the numbers it stands for. */
const PSA_GRADE_WORDS: readonly (readonly [string, readonly string[]])[] = (() => {
  const words: [string, readonly string[]][] = GRADE_LEVELS.flatMap((l) => {
    const nums = gradesOf(l, 'PSA');
    return nums.length ? [[l.names.PSA ?? l.names.default, nums] as [string, readonly string[]]] : [];
  });
  words.push(['PR-FR', ['1']]);
  return words;
})();

/** A pair's lead over the next (log-likelihood) below which it is a guess, and the lead that adds 63% of the rest. */
const PAIR_GAP_FLOOR = 1.5;
const PAIR_GAP_SCALE = 5;
const PAIR_GAP_FULL = 20;

/**
 * The grade words and the grade number below them read together: only the pairs PSA prints
 * ('GOOD' with 2, 'VG-EX+' with 4.5) are weighed, each by how likely both pieces say it (and
 * `bothOut`, the two set side by side, says the pair), so a blurred word is decided by a legible
 * number and the other way round.
 */
function readGradePair(wordOut: TCtcOutput, numberOut: TCtcOutput, bothOut: TCtcOutput | null): { word: string; number: string; certainty: number } | null {
  let best: { word: string; number: string; ll: number } | null = null;
  let second = -Infinity;
  const wordLl = new Map<string, number>();
  for (const [w] of PSA_GRADE_WORDS) if (!wordLl.has(w)) wordLl.set(w, textLogLikelihood(wordOut, w));
  const numberLl = new Map<string, number>();
  for (const [w, nums] of PSA_GRADE_WORDS) {
    for (const n of nums) {
      if (!numberLl.has(n)) numberLl.set(n, textLogLikelihood(numberOut, n));
      const apart = (wordLl.get(w) ?? -Infinity) + (numberLl.get(n) ?? -Infinity);
      // The pair read as one line adds its evidence (on the real sports set, 14 grades of 30 as-is against 13 apart, 11 alone).
      const ll = apart + (bothOut ? textLogLikelihood(bothOut, `${w} ${n}`) : 0);
      if (best && best.word === w && best.number === n) continue;
      if (!best || ll > best.ll) {
        if (best) second = Math.max(second, best.ll);
        best = { word: w, number: n, ll };
      } else second = Math.max(second, ll);
    }
  }
  if (!best || best.ll === -Infinity) return null;
  return { word: best.word, number: best.number, certainty: pairCertainty(best.ll, second) };
}

/**
 * Certainty from how far a grade pair stands ahead of the next one (natural log): blurred pieces
 * read far below the free read, so that gap, not the fit, tells a right pair from a guess.
 */
function pairCertainty(best: number, second: number): number {
  const gap = second === -Infinity ? PAIR_GAP_FULL : best - second;
  return Math.max(0, 1 - Math.exp(-(gap - PAIR_GAP_FLOOR) / PAIR_GAP_SCALE));
}

/** The pairs PSA prints, the words and the number on one line ('EX 5', 'PR-FR 1'). */
const PSA_GRADE_PAIRS: readonly string[] = PSA_GRADE_WORDS.flatMap(([w, nums]) => nums.map((n) => `${w} ${n}`));

/** A label letter's width, as a share of the line's ink height (PSA's condensed capitals and digits). */
const LETTER_WIDTH = 0.6;
/** How many times more or fewer letters than a piece's width holds a phrase may have and still be read there. */
const LETTERS_OFF = 2.5;

/**
 * The phrases that fit a piece's width: a piece as wide as four letters is no lone '5', and one
 * a letter wide no 'VG-EX 4' (the piece's box has 0.15 of the line's height of margin each side).
 */
function fitting(phrases: readonly string[], b: TLineBox): readonly string[] {
  const ink = (b.y1 - b.y0) / 1.3;
  const letters = Math.max(0.5, (b.x1 - b.x0 - 0.3 * ink) / (LETTER_WIDTH * ink));
  const fit = phrases.filter((p) => p.length <= letters * LETTERS_OFF && p.length >= letters / LETTERS_OFF);
  return fit.length ? fit : phrases;
}

/** The likeliest grade phrase of those that fit the piece, then whether a qualifier ('(MK)') follows it. */
function readGrade(out: TCtcOutput, b: TLineBox): { text: string; certainty: number } | null {
  const found = bestCandidate(out, fitting(PSA_GRADE_PHRASES, b));
  if (!found) return null;
  let base = found;
  // Words and number on one line are a pair as PSA prints it: as sure as its lead over the next pair.
  if (PSA_GRADE_PAIRS.includes(found.text)) {
    const [first = -Infinity, next = -Infinity] = PSA_GRADE_PAIRS.map((p) => textLogLikelihood(out, p)).sort((x, y) => y - x);
    base = { text: found.text, certainty: Math.max(found.certainty, pairCertainty(first, next)) };
  }
  const withQ = bestCandidate(out, [base.text, ...Object.keys(QUALIFIERS).flatMap((q) => [`${base.text} (${q})`, `${base.text} ${q}`])]);
  if (!withQ || withQ.text === base.text) return base;
  return { text: withQ.text.replace(/ ([A-Z]{2})$/, ' ($1)'), certainty: Math.min(base.certainty, withQ.certainty) };
}

/** How much less likely (natural log) than the free read a known set may be and still be taken. */
const SET_PRIOR = 6;
/**
 * What a known set may be less likely per letter it has beyond five: each blurred letter costs the
 * set's read a little, so a long name (FLEER T. WILLIAMS, DONRUSS SIGNATURE) falls further below
 * the free read than a short one for the same blur.
 */
const SET_PRIOR_PER_LETTER = 0.5;
const setPrior = (set: string) => SET_PRIOR + SET_PRIOR_PER_LETTER * Math.max(0, set.replace(/[^A-Z0-9]/g, '').length - 5);

/** Certainty at most of a year read again because the first read came before its brand's first cards. */
const DOUBTED_YEAR = 0.5;

/** Whether a known set's name is of a length the free read could be of (blur drops and adds letters, not half of them): the rest are not weighed. */
const nearLength = (set: string, read: string) =>
  set.length <= read.length * 2 + 3
  && set.length >= read.length / 2 - 3
  && distance(set, read, Math.round(set.length * 0.6) + 1) <= Math.round(set.length * 0.6) + 1;

const YEARS = Array.from({ length: 2039 - 1880 + 1 }, (_, i) => String(1880 + i));

/**
 * Paper added above and below a piece, as a share of its height: the recognizer was trained on
 * lines with some room around the letters, and a line cut tight to its ink reads worse (on the
 * real sports set, 0.15 and 0.3 read more fields than none).
 */
const PIECE_MARGIN = 0.3;
/** The paper each side of the first line's second read: less than `PIECE_MARGIN`, so its letters come larger to the recognizer. */
const ALT_MARGIN = 0.12;
/** A piece whose every character was read at least this likely is not read a second time. */
const ALT_SURE = 0.9;

/**
 * A piece of the label with room around it: 0.3 of its padded height of paper each side. A wider
 * right margin (the piece stretched to four heights, as once) left the right column's short pieces
 * (card number, grade) unread on the real sports set: card number 10 -> 17 of 30, grade 14 -> 20.
 */
function padded(img: TRgb, b: TLineBox, margin = PIECE_MARGIN): TRgb {
  const bh0 = b.y1 - b.y0;
  const bw = b.x1 - b.x0;
  const top = Math.round(bh0 * margin);
  const bh = bh0 + 2 * top;
  const left = Math.round(bh * 0.3);
  const width = left + bw + left;
  const data = new Uint8Array(width * bh * 3);
  // Paper colour: the piece's brightest corner.
  const px = (x: number, y: number) => (y * img.width + x) * 3;
  const corners = [px(b.x0, b.y0), px(b.x1 - 1, b.y0), px(b.x0, b.y1 - 1), px(b.x1 - 1, b.y1 - 1)];
  const paper = corners.reduce((best, c) => ((img.data[c] ?? 0) + (img.data[c + 1] ?? 0) > (img.data[best] ?? 0) + (img.data[best + 1] ?? 0) ? c : best));
  for (let i = 0; i < width * bh; i++) data.set(img.data.subarray(paper, paper + 3), i * 3);
  for (let y = 0; y < bh0; y++) data.set(img.data.subarray(px(b.x0, b.y0 + y), px(b.x1, b.y0 + y)), ((y + top) * width + left) * 3);
  // In grey: the red frame's tint bleeding into a piece's edge and the label's pink or cream paper
  // are no letters (on the real sports set, grey pieces read 58.7% of the fields as-is against 56.0%).
  for (let i = 0; i < width * bh; i++) {
    const v = Math.round(0.299 * (data[i * 3] ?? 0) + 0.587 * (data[i * 3 + 1] ?? 0) + 0.114 * (data[i * 3 + 2] ?? 0));
    data.fill(v, i * 3, i * 3 + 3);
  }
  return { data, width, height: bh };
}

/** Two pieces of the label side by side on its paper, a space apart, with room around them as `padded` gives. */
function sideBySide(img: TRgb, a: TLineBox, b: TLineBox): TRgb {
  const pa = padded(img, a);
  const pb = padded(img, b);
  const height = Math.max(pa.height, pb.height);
  // The first piece without its right margin (its left margin and its ink), then a space, then the second piece.
  const aw = Math.round(pa.height * 0.3) + (a.x1 - a.x0);
  const gap = Math.round((b.y1 - b.y0) * 0.6);
  const width = aw + gap + pb.width;
  const data = new Uint8Array(width * height * 3);
  const paper = pa.data.subarray(0, 3);
  for (let i = 0; i < width * height; i++) data.set(paper, i * 3);
  const put = (p: TRgb, x0: number, w: number) => {
    const dy = Math.floor((height - p.height) / 2);
    for (let y = 0; y < p.height; y++) data.set(p.data.subarray(y * p.width * 3, (y * p.width + w) * 3), ((y + dy) * width + x0) * 3);
  };
  put(pa, 0, Math.min(aw, pa.width));
  put(pb, aw + gap, pb.width);
  return { data, width, height };
}

/** Gap (in line heights) up to which two pieces of a line, both left of the right column, are one text. */
const WORD_GAP = 3;
/** Gap (in line heights) up to which a piece of the first line past the left column, not right-aligned, is the set name's tail. */
const FIRST_LINE_GAP = 1.5;
/** Gap (in line heights) up to which two pieces of the right column's line are one phrase: a word space, not the gap between columns. */
const RIGHT_WORD_GAP = 1.2;

/**
 * Pieces of one line of the left column cut apart at a wide space ('GYARADOS-' and 'HOLO', the hyphen
 * too faint to count as ink) joined again: the layout would take the second for a logo between the
 * columns. So is the first line's set name running past the left column ('T206 PIEDMONT 350' and
 * '460/25'), which would be read as the card number. The last line (barcode, logo) is left as cut.
 */
function joinWords(boxes: readonly TLineBox[], width: number): TLineBox[] {
  const lastTop = Math.max(...boxes.map((b) => b.y0));
  const firstTop = Math.min(...boxes.map((b) => b.y0));
  // Where the right column ends: PSA right-aligns the card number, the grade and the cert to it.
  const rightEdge = Math.max(...boxes.map((b) => b.x1));
  const out: TLineBox[] = [];
  for (const b of boxes) {
    const prev = out.at(-1);
    const lh = b.y1 - b.y0;
    const sameLine = prev && Math.abs(prev.y0 - b.y0) < lh * 0.3 && Math.abs(prev.y1 - b.y1) < lh * 0.3;
    const left = b.x1 < width * 0.55;
    // The right column's grade words cut apart at their space ('EX' and 'MT'): one phrase, a short gap apart.
    const right = prev && prev.x0 > width * 0.55 && b.x0 - prev.x1 <= lh * RIGHT_WORD_GAP;
    // The first line's set name running past the left column ('T206 PIEDMONT 350' and '460/25'), cut at
    // a word space: its tail is no card number, which stands apart and right-aligned to the right column.
    const tail = prev && prev.x0 < width * 0.3 && Math.abs(b.y0 - firstTop) < lh * 0.3 && b.x0 - prev.x1 <= lh * FIRST_LINE_GAP && b.x1 < rightEdge - lh;
    if (prev && sameLine && b.y0 !== lastTop && b.x0 > prev.x1 && b.x0 - prev.x1 <= lh * WORD_GAP && (left || right || tail)) {
      out[out.length - 1] = { x0: prev.x0, y0: Math.min(prev.y0, b.y0), x1: b.x1, y1: Math.max(prev.y1, b.y1) };
    } else out.push(b);
  }
  return out;
}

/** The role of a piece by its place: which column, which line. */
type TRole = 'number' | 'grade' | 'cert' | 'first' | 'free' | 'skip';

function roleOf(b: TLineBox, rowIndex: number, rows: number, img: TRgb): TRole {
  const rightSide = b.x0 > img.width * 0.55;
  const middle = !rightSide && b.x0 > img.width * 0.3;
  if (rowIndex === rows - 1) return rightSide ? 'cert' : 'skip';
  if (rightSide) return rowIndex === 0 ? 'number' : 'grade';
  if (middle) return rowIndex === 0 ? 'number' : 'free';
  return rowIndex === 0 ? 'first' : 'free';
}

const scored = (b: TLineBox, text: string, charScores: number[]): TTextBox => ({
  text,
  charScores,
  score: charScores.length ? Math.min(...charScores) : 0,
  ...b,
});

/**
 * The first line's text after its year as read: the year is the first four characters; read with a
 * space inside ('20 (S F0NEST'), it ends after the fourth that is no space.
 */
function afterYear(text: string): string {
  const found = text.search(/(?<=^\S{3,5})\s|(?<=^\S{4})/);
  const fourth = /^(?:\s*\S){4}/.exec(text)?.[0].length ?? -1;
  const cut = found > 0 ? found : text.replace(/\s/g, '').length >= 7 ? fourth : found;
  return cut > 0 ? text.slice(cut).trim() : '';
}

/**
 * The first line's year weighed by two reads of it (`out` and `alt`, the piece cut with less paper
 * around it: another scale at the recognizer's 48 px): a digit one read blurs (5 for 6, 8 for 6) the
 * other often reads plainly. Each read scores a year before the rest of the line as that read has it.
 */
function twoViewYear(out: TCtcOutput, rest: string, alt: TCtcOutput, years: readonly string[], after?: string): string | null {
  const altRest = after ?? afterYear(greedyDecode(alt, () => `${FREE} `).text);
  const line = (y: string, r: string) => (r ? `${y} ${r}` : y);
  return likeliest(years, (y) => textLogLikelihood(out, line(y, after ?? rest)) + textLogLikelihood(alt, line(y, altRest)))?.v ?? null;
}

/** Of `candidates`, the one `ll` finds likeliest, with its log-likelihood; null when it finds none possible. */
function likeliest(candidates: readonly string[], ll: (v: string) => number): { v: string; ll: number } | null {
  let best: { v: string; ll: number } | null = null;
  for (const v of candidates) {
    const l = ll(v);
    if (l > -Infinity && (!best || l > best.ll)) best = { v, ll: l };
  }
  return best;
}

/** A piece's read with nothing but the recognizer's output to go on. */
type TFreeRead = ReturnType<typeof greedyDecode>;

/** Reads one piece of the label by its role from its output and `free` read; `alt`, when given, is a second read of the piece. */
function readPiece(out: TCtcOutput, free: TFreeRead, role: TRole, b: TLineBox, alt?: TCtcOutput): TTextBox | null {
  switch (role) {
    case 'skip':
      return null;
    case 'cert': {
      const d = greedyDecode(out, () => DIGITS);
      return d.text.length >= 6 ? scored(b, d.text, d.charScores) : null;
    }
    case 'number': {
      const allowed = (s: string) => (s.length ? `${LETTERS}${DIGITS}-/` : `#${LETTERS}${DIGITS}`);
      // Read twice when a second read is given (see twoViewYear): the read both outputs find likelier.
      let d = greedyDecode(out, allowed);
      if (alt) {
        const other = greedyDecode(alt, allowed);
        const both = (t: string) => textLogLikelihood(out, t) + textLogLikelihood(alt, t);
        if (other.text && other.text !== d.text && both(other.text) > both(d.text)) d = other;
      }
      // The PSA logo sits in the label's middle on the first line: a name, not a card number; read
      // in one piece with the number beside it ('PSA193'), it is cut off the number. Its white P on
      // red may read as another character ('2SA193' in grey).
      if (!d.text || /^#?[A-Z\d]?SA$/i.test(d.text)) return null;
      const logo = /^#?[A-Z\d]?SA(?=#?\d)#?/i.exec(d.text)?.[0].length ?? 0;
      if (logo) Object.assign(d, { text: d.text.slice(logo), charScores: d.charScores.slice(logo) });
      // A number of digits read with an O among them: the O is a zero ('#O24' is #024).
      if (/^#?[O\d]+$/.test(d.text) && /\d/.test(d.text)) d.text = d.text.replace(/O/g, '0');
      if (d.text.startsWith('#')) return scored(b, d.text, d.charScores);
      // The number read after the logo starts with its own first character.
      if (logo) return scored(b, `#${d.text}`, [1, ...d.charScores]);
      // PSA prints '#' before the number; a few pixels high it reads as a 7, 1, 2 or F ('7310' is
      // #310): the first character is that '#' when the output finds it so at least as likely as
      // a '#' missed before all the characters read.
      const hashFirst = `#${d.text.slice(1)}`;
      const ll = (t: string) => ctcLogLikelihood(out, t) + (alt ? ctcLogLikelihood(alt, t) : 0);
      if (d.text.length >= 2 && ll(hashFirst) >= ll(`#${d.text}`)) return scored(b, hashFirst, [1, ...d.charScores.slice(1)]);
      return scored(b, `#${d.text}`, [1, ...d.charScores]);
    }
    case 'grade': {
      const best = readGrade(out, b);
      if (!best) return null;
      // An autograph's grade on a line of its own under the card's ('AUTO 10'): read as such, it is
      // no grade number; its number is kept only when read surely (nothing checks it).
      const auto = bestCandidate(out, AUTO_PHRASES);
      if (auto && textLogLikelihood(out, auto.text) > textLogLikelihood(out, best.text)) {
        const text = auto.certainty >= AUTO_SURE ? auto.text : 'AUTO';
        return scored(
          b,
          text,
          [...text].map(() => auto.certainty),
        );
      }
      return scored(
        b,
        best.text,
        [...best.text].map(() => best.certainty),
      );
    }
    case 'first': {
      // A set code in place of a year (T206, E90-1): a known set that starts so when nearly as likely, else as read.
      if (/^[TEMRDWN]\d/.test(free.text)) {
        const set = bestCandidate(
          out,
          CODE_SETS.filter((s) => nearLength(s, free.text)),
        );
        if (set && ctcLogLikelihood(out, set.text) >= ctcLogLikelihood(out, free.text) - setPrior(set.text))
          return scored(
            b,
            set.text,
            [...set.text].map(() => set.certainty),
          );
        return scored(b, free.text, free.charScores);
      }
      // Else the likeliest year before the rest of the line as read.
      const rest = afterYear(free.text);
      const year = bestCandidate(
        out,
        YEARS.map((y) => (rest ? `${y} ${rest}` : y)),
      );
      if (!year) return null;
      const both = alt ? twoViewYear(out, rest, alt, YEARS) : null;
      if (both) year.text = rest ? `${both} ${rest}` : both;
      // A tobacco card's set code with its first letter read as a digit ('1206' for T206): PSA prints no year before it.
      const codeSet =
        rest && /^[1I7]\d/.test(free.text)
          ? bestCandidate(
              out,
              CODE_SETS.filter((s) => nearLength(s, free.text)),
            )
          : null;
      if (
        codeSet
        && ctcLogLikelihood(out, codeSet.text) >= Math.max(ctcLogLikelihood(out, free.text), ctcLogLikelihood(out, year.text)) - setPrior(codeSet.text) / 2
      )
        return scored(
          b,
          codeSet.text,
          [...codeSet.text].map(() => codeSet.certainty),
        );
      // A known set read this nearly as likely as the free read is taken: blur turns TOPPS into TOP9S.
      if (rest) {
        const y = year.text.slice(0, 4);
        const freeLl = ctcLogLikelihood(out, `${y} ${rest}`);
        const set = bestCandidate(
          out,
          LABEL_SETS.filter((s) => nearLength(s, rest)).map((s) => `${y} ${s}`),
        );
        if (set && ctcLogLikelihood(out, set.text) >= freeLl - setPrior(set.text.slice(5))) {
          // The year read with the set: none before the brand's first cards ('1900 TOPPS' is 1980
          // blurred), none outside the run of a set printed a few years ('1925 E121' is 1921 blurred).
          const brand = set.text.slice(5);
          const span = brandYears(brand);
          const allowed = span ? YEARS.filter((v) => withinYears(v, span)) : [];
          const joint =
            span && !withinYears(y, span)
              ? bestCandidate(
                  out,
                  allowed.map((v) => `${v} ${brand}`),
                )
              : null;
          const jointBoth = joint && alt ? twoViewYear(out, brand, alt, allowed, brand) : null;
          if (joint && jointBoth) joint.text = `${jointBoth} ${brand}`;
          const text = joint?.text ?? set.text;
          const yearCertainty = joint ? Math.min(joint.certainty, DOUBTED_YEAR) : year.certainty;
          return scored(
            b,
            text,
            [...text].map((_, i) => (i < 4 ? yearCertainty : set.certainty)),
          );
        }
      }
      const restScores = free.charScores.slice(free.text.length - rest.length);
      return scored(b, year.text, [...year.text.slice(0, 4)].map(() => year.certainty).concat(rest ? [1, ...restScores] : []));
    }
    default: {
      const text = free.text.trim();
      if (!text) return null;
      const charScores = free.charScores.slice(free.text.length - free.text.trimStart().length).slice(0, text.length);
      const snapped = snapNames(out, text, charScores);
      return scored(b, snapped.text, snapped.charScores);
    }
  }
}

/** The first line's piece as read: where its box is among the pieces read, and its outputs. */
type TFirstLine = { at: number; out: TCtcOutput; alt: TCtcOutput | undefined };

/** A name line read as a known player's name at least this surely (its least sure letter) is taken as that player for his years. */
const PLAYER_SURE = 0.5;
/** How much less likely (natural log, both reads) a year within the player's years may be than the year read before them and still replace it. */
const BEFORE_PRIOR = 6;
/** The same for a year read after his last season: retrospective sets print him long after, so only a year nearly as likely replaces it. */
const AFTER_PRIOR = 1.5;
/** Certainty at most of a year read before a player's first cards and not replaced: emptied, another look's read may stand. */
const IMPOSSIBLE_YEAR = 0.2;

/**
 * The first line's year moved within the years of the known player named on the label, when read
 * outside them (`playerYears`): a year read before his first cards is a blurred digit ('2015' for a
 * 2018 rookie), replaced by the likeliest year the outputs allow within his years when they find it
 * nearly as likely, else left in doubt (emptied). A year read after his last season is replaced only
 * when the outputs find the year within nearly as likely: sets reprint retired stars. Null when
 * nothing changes.
 */
function yearInCareer(first: TFirstLine, read: readonly TTextBox[]): TTextBox | null {
  const line = read[first.at];
  const year = line ? /^(\d{4})( .*)?$/.exec(line.text) : null;
  if (!line || !year) return null;
  const player = read.find((r) => PLAYER_CAREERS.has(r.text) && r.score >= PLAYER_SURE);
  const span = player ? playerYears(player.text) : null;
  if (!span) return null;
  const y = Number(year[1]);
  if (withinYears(y, span)) return null;
  const rest = (year[2] ?? '').trim();
  const set = rest ? brandYears(rest) : null;
  const allowed = YEARS.filter((v) => withinYears(v, span) && (!set || withinYears(v, set)));
  const text = (v: string) => (rest ? `${v} ${rest}` : v);
  const ll = (v: string) => textLogLikelihood(first.out, text(v)) + (first.alt ? textLogLikelihood(first.alt, text(v)) : 0);
  const best = likeliest(allowed, ll);
  const box = { x0: line.x0, y0: line.y0, x1: line.x1, y1: line.y1 };
  const before = y < span.from;
  if (!best || best.ll < ll(year[1] ?? '') - (before ? BEFORE_PRIOR : AFTER_PRIOR)) {
    if (!before) return null;
    return scored(
      box,
      line.text,
      line.charScores.map((c, i) => (i < 4 ? Math.min(c, IMPOSSIBLE_YEAR) : c)),
    );
  }
  const sure = Math.min(DOUBTED_YEAR, bestCandidate(first.out, allowed.map(text))?.certainty ?? 0);
  return scored(
    box,
    text(best.v),
    line.charScores.map((c, i) => (i < 4 ? sure : c)),
  );
}

/** The pieces a later look at a label need not read again: those an earlier look read surely. */
export type TSettled = Exclude<TRole, 'free' | 'skip'>;

/**
 * Text boxes of a label image (in its pixels), each read by its place on the label. Pieces of a
 * `settled` role are not read (another look at the label read them surely).
 */
export async function readLabelImage(
  reader: PaddleReader,
  img: TRgb,
  trace?: (piece: { role: string; free: string; read: string | null; box: TLineBox; out: TCtcOutput }) => void,
  settled: ReadonlySet<TSettled> = new Set(),
): Promise<TTextBox[]> {
  const boxes = joinWords(labelLineBoxes(img).boxes, img.width);
  // Rows: boxes whose middles are within half a line (the boxes' median height) of the row's first.
  const lineHeight = [...boxes.map((b) => b.y1 - b.y0)].sort((a, c) => a - c)[Math.floor(boxes.length / 2)] ?? 0;
  const middle = (b: TLineBox) => (b.y0 + b.y1) / 2;
  const rowStarts: number[] = [];
  for (const y of boxes.map(middle).sort((a, c) => a - c)) if (!rowStarts.length || y - (rowStarts.at(-1) ?? 0) > lineHeight * 0.5) rowStarts.push(y);
  const rowOf = (b: TLineBox) =>
    Math.max(
      0,
      rowStarts.findLastIndex((y) => y <= middle(b)),
    );
  const rows = rowStarts.length;
  const read: TTextBox[] = [];
  const grades: { b: TLineBox; out: TCtcOutput; at: number; text: string | null }[] = [];
  let first: TFirstLine | null = null;
  for (const b of boxes) {
    const role = roleOf(b, rowOf(b), rows, img);
    // The last line's left side (barcode, logo) is not read: nothing of it is kept.
    if (role === 'skip' && !trace) continue;
    if (role !== 'free' && role !== 'skip' && settled.has(role)) continue;
    const piece = padded(img, b);
    const out = await reader.outputFor(piece, { x0: 0, y0: 0, x1: piece.width, y1: piece.height });
    // The first line (its year) and the card number are read twice, at two scales (see twoViewYear).
    // Only a piece not read surely: a sure read is kept, and its second read's time saved.
    const free = greedyDecode(out, () => `${FREE} `);
    const unsure = (role === 'first' || role === 'number') && Math.min(1, ...free.charScores) < ALT_SURE;
    const altPiece = unsure ? padded(img, b, ALT_MARGIN) : null;
    const alt = altPiece ? await reader.outputFor(altPiece, { x0: 0, y0: 0, x1: altPiece.width, y1: altPiece.height }) : undefined;
    const r = readPiece(out, free, role, b, alt);
    if (role === 'grade' && b.x0 > img.width * 0.55 && !r?.text.startsWith('AUTO'))
      grades.push({ b, out, at: r?.text ? read.length : -1, text: r?.text ?? null });
    trace?.({ role, free: free.text, read: r?.text ?? null, box: b, out });
    if (role === 'first' && r?.text && !first) first = { at: read.length, out, alt };
    if (r?.text) read.push(r);
  }
  if (first) {
    const fixed = yearInCareer(first, read);
    if (fixed) {
      trace?.({ role: 'career', free: read[first.at]?.text ?? '', read: fixed.text, box: fixed, out: first.out });
      read[first.at] = fixed;
    }
  }
  // The grade words over the grade number (the right column's two lines): read as a pair.
  // The number is on the next line of the right column, right-aligned as PSA prints it: of the
  // pieces there, the one reaching furthest right (a wrapped set or variety line may end beside it).
  const word = grades[0];
  const below = word ? grades.filter((g) => g !== word && g.b.y0 >= word.b.y1 - 2) : [];
  const nextTop = Math.min(...below.map((g) => g.b.y0));
  const number = below.filter((g) => g.b.y0 - nextTop < (g.b.y1 - g.b.y0) * 0.5).sort((a, c) => c.b.x1 - a.b.x1)[0];
  if (word && number) {
    // Also read as one line, the number after the words: a lone digit a few pixels wide reads
    // better with words before it.
    const both = sideBySide(img, word.b, number.b);
    const bothOut = await reader.outputFor(both, { x0: 0, y0: 0, x1: both.width, y1: both.height });
    const pair = readGradePair(word.out, number.out, bothOut);
    if (pair) {
      // The words' own read (readGrade, as read by place above) tells whether a qualifier follows
      // them; else the number's, read as the pair's number with or without one ('7 (MK)' when the
      // words fill their line).
      const afterNumber = bestCandidate(number.out, [pair.number, ...Object.keys(QUALIFIERS).flatMap((q) => [`${pair.number} (${q})`, `${pair.number} ${q}`])]);
      const qualifier = (word.text && /\(([A-Z]{2})\)$/.exec(word.text)?.[1]) || /([A-Z]{2})\)?$/.exec(afterNumber?.text ?? '')?.[1];
      const wordText = qualifier ? `${pair.word} (${qualifier})` : pair.word;
      const put = (g: typeof word, text: string) => {
        const box = scored(
          g.b,
          text,
          [...text].map(() => pair.certainty),
        );
        if (g.at >= 0) read[g.at] = box;
        else read.push(box);
      };
      put(word, wordText);
      put(number, pair.number);
    }
  }
  return read;
}
