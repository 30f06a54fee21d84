import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BRANDS, PLAYER_SUFFIX_WORDS, STOP_WORDS, VARIETY_WORDS } from '../../../core/analysis/vocabulary.ts';
import { textLogLikelihood, type TCtcOutput } from './ctc.ts';
import { KNOWN_PLAYERS } from './known-players.ts';

/**
 * People's names (first names and surnames, @cspell/dict-people-names: about 39,000) to correct a
 * name line read from a few-pixel label (docs/choices.md 44): a word the recognizer read close to a
 * known name ('NOUFAX', 'MATTINOLY') is replaced by the name when the recognizer's own output finds
 * the name nearly as likely as what it read. A word near no name, or whose name the output does
 * not support, is kept as read: an unknown player is still read. Words the label prints beside
 * names (HOLO, REFRACTOR, the set's words) are kept too.
 */

/** How much less likely (natural log) than the line as read a line with a known name may be and still be taken. */
const NAME_PRIOR = 8;
/** Log-likelihood taken off a name per letter it has more or fewer than the word read (for a label word or well-known name, an I counted half). */
const LENGTH_COST = 3;
/** A word's length with each I counted half: an I a pixel wide is the letter blur drops most ('PORTRAT', 'ROOKE', 'SGNATURE'). */
const wide = (w: string) => w.length - 0.5 * (w.length - w.replace(/I/g, '').length);
/** Log-likelihood given to a word of `NAME_LINE_WORDS` over a name: each is printed on far more labels than any one rare name. */
const LINE_WORD_BONUS = 3;
/** Candidates per word weighed by the recognizer's output (the closest by edit distance). */
const CANDIDATES = 16;

/**
 * Words sports labels print on a name line beside or instead of names (multi-player and subset
 * cards: 'ROOKIE STARS', 'LEAGUE LEADERS', 'CHECKLIST'; a T206 pose: 'PORTRAIT', 'BATTING'): a word
 * read near one of them may be corrected to it as to a name.
 */
const NAME_LINE_WORDS: readonly string[] = [
  'ROOKIE',
  'ROOKIES',
  'STARS',
  'STAR',
  'FUTURE',
  'PROSPECTS',
  'CHECKLIST',
  'LEADERS',
  'LEAGUE',
  'HIGHLIGHTS',
  'RECORD',
  'BREAKER',
  'WORLD',
  'SERIES',
  'GAME',
  'TEAM',
  'MANAGER',
  'MANAGERS',
  'PITCHERS',
  'CATCHERS',
  'INFIELDERS',
  'OUTFIELDERS',
  'SHORTSTOPS',
  'SLUGGERS',
  'HITTERS',
  'KINGS',
  'DIAMOND',
  'HOTTEST',
  'CAREERS',
  'LEGENDS',
  'BASEBALL',
  'FOOTBALL',
  'BASKETBALL',
  'PORTRAIT',
  'BATTING',
  'FIELDING',
  'THROWING',
  'PITCHING',
  'HANDS',
  'CHEST',
  'SHOULDERS',
  'WITH',
  'BACK',
  'BLANK',
  'GRAY',
  'WHITE',
  'BLACK',
  'SIGNATURE',
  'SIGNATURES',
  'CERTIFIED',
  'AUTOGRAPH',
  'AUTOGRAPHS',
  'MASTER',
  'MENTOR',
  'BROTHERS',
  'TRADED',
  'UPDATE',
  'COPYRIGHT',
  'STATEMENT',
  'VARIATION',
  'PRINT',
  'ERROR',
  'CORRECTED',
];

/** Words a label prints beside names (HOLO, REFRACTOR, TOPPS): read as one of them, a word is not a name to correct. */
const LABEL_WORDS: ReadonlySet<string> = new Set([...VARIETY_WORDS, ...PLAYER_SUFFIX_WORDS, ...STOP_WORDS, ...BRANDS.flatMap((b) => b.split(' '))]);

const LINE_WORDS: ReadonlySet<string> = new Set(NAME_LINE_WORDS);

/**
 * Names of well-known players the general name list lacks (nicknames players go by on labels,
 * and surnames of Hall of Fame and star players of baseball, football and basketball): a read
 * near one of them may be corrected to it like any other name.
 */
const PLAYER_NAMES: readonly string[] = (
  'WHITEY BABE YOGI LEFTY HONUS DIZZY GOOSE CATFISH ICHIRO SATCHEL SHOELESS SMOKY PEE WEE NAP RUBE ARKY GABBY HACK HEINIE KIKI '
  + 'PIE TRIS ZACK BURLEIGH ENOS EPPA JOCKO SPARKY PUDGE FERGIE OREL VIDA SHOHEI HIDEKI MOOKIE RONALD BOOG BLUE DUKE STAN MINNIE '
  + 'KOUFAX RIPKEN MARICHAL CLEMENTE MANTLE MARIS MAZEROSKI YASTRZEMSKI KALINE KILLEBREW DRYSDALE SCHOENDIENST APARICIO CEPEDA '
  + 'CAMPANELLA DIMAGGIO GEHRIG LAJOIE MATHEWSON HORNSBY GREENBERG GEHRINGER HUBBELL FELLER MUSIAL BERRA DOERR BOUDREAU KINER '
  + 'SPAHN WILHELM BUNNING MCCOVEY CARLTON FINGERS SEAVER YOUNT MOLITOR GWYNN BOGGS PUCKETT SANDBERG SMOLTZ MADDUX GLAVINE GRIFFEY '
  + 'PIAZZA THOME GUERRERO JETER RIVERA ORTIZ PUJOLS OHTANI TROUT ACUNA TATIS HARPER CABRERA BETTS ALTUVE SUZUKI MATSUI '
  + 'WAGNER COBB SPEAKER SISLER FOXX OTT ALOMAR BAGWELL BIGGIO RAINES DAWSON SUTTER GOSSAGE ECKERSLEY HOFFMAN KERSHAW VERLANDER '
  + 'SCHERZER STRASBURG DEGROM CLEMENS BONDS SOSA MCGWIRE CANSECO MATTINGLY STRAWBERRY GOODEN HERSHISER VALENZUELA HENDERSON '
  + 'UNITAS NAMATH BRADY MONTANA PAYTON BUTKUS SAYERS ELWAY MARINO FAVRE MAHOMES MANNING STAUBACH BRADSHAW TARKENTON '
  + 'CHAMBERLAIN ALCINDOR JABBAR BRYANT DONCIC ANTETOKOUNMPO WEMBANYAMA MARAVICH OLAJUWON PIPPEN RODMAN SHAQUILLE LEBRON '
  + 'GRETZKY LEMIEUX HOWE ORR CROSBY OVECHKIN'
).split(' ');

/** First names of two letters players go by (the name list holds names of three letters or more). */
const SHORT_FIRST_NAMES: ReadonlySet<string> = new Set([
  'ED',
  'AL',
  'BO',
  'TY',
  'CY',
  'JO',
  'SI',
  'OZ',
  'AJ',
  'BJ',
  'CC',
  'CJ',
  'DJ',
  'JD',
  'JJ',
  'JT',
  'KC',
  'PJ',
  'RJ',
  'TJ',
]);

/** Label words and well-known players' names: weighed first among names as near. */
const PREFERRED: ReadonlySet<string> = new Set([...NAME_LINE_WORDS, ...PLAYER_NAMES]);

let byLength: Map<number, string[]> | null = null;

function names(): Map<number, string[]> {
  if (byLength) return byLength;
  // The package exports only its cspell settings; the word list sits beside them.
  const file = path.join(path.dirname(fileURLToPath(import.meta.resolve('@cspell/dict-people-names/cspell-ext.json'))), 'dict', 'people-names.txt');
  byLength = new Map();
  const seen = new Set<string>();
  for (const line of [...readFileSync(file, 'utf8').split('\n'), ...NAME_LINE_WORDS, ...PLAYER_NAMES]) {
    const w = line.trim().toUpperCase();
    if (w.length < 3 || !/^[A-Z][A-Z'-]*$/.test(w) || seen.has(w)) continue;
    seen.add(w);
    const list = byLength.get(w.length) ?? [];
    list.push(w);
    byLength.set(w.length, list);
  }
  return byLength;
}

/** Levenshtein distance, or `max + 1` as soon as it must exceed `max` (two rows kept between calls). */
export function distance(a: string, b: string, max: number): number {
  const m = b.length;
  if (rows[0].length <= m) rows = [new Int32Array(m + 1), new Int32Array(m + 1)];
  let [prev, cur] = rows;
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (ca === b.charCodeAt(j - 1) ? 0 : 1));
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev, cur] = [cur, prev];
  }
  return prev[m]!;
}
let rows: [Int32Array, Int32Array] = [new Int32Array(32), new Int32Array(32)];

/** The known names within a few edits of `word`, closest first. */
export function nearNames(word: string): string[] {
  const max = word.length <= 4 ? 1 : word.length <= 6 ? 2 : 3;
  const found: [string, number][] = [];
  const counts = letterCounts(word);
  for (let len = word.length - max; len <= word.length + max; len++) {
    for (const n of names().get(len) ?? []) {
      if (countsApart(counts, n) > 2 * max) continue;
      const d = distance(word, n, max);
      if (d <= max) found.push([n, d]);
    }
  }
  // The closest names, and every near word that labels print on a name line (far more common than any one name).
  const sorted = found.sort((a, b) => a[1] - b[1] || Number(PREFERRED.has(b[0])) - Number(PREFERRED.has(a[0]))).map(([n]) => n);
  return [...new Set([...sorted.slice(0, CANDIDATES), ...sorted.filter((n) => LINE_WORDS.has(n))])];
}

/** Surname prefixes read apart from the rest of a surname: 'MC COVEY' is not two names. */
const PREFIXES: ReadonlySet<string> = new Set(['MC', 'DI', 'DE', 'DA', 'DU', 'LA', 'LE', 'ST', 'OB']);

/**
 * A line's first word that is no name but a two-letter first name run into a surname ('SIJOHNSON',
 * 'TY COBB' read as 'TYCOBB'), as 'SI JOHNSON': the rest a known name of 4 letters or more, the two
 * letters not a surname's prefix ('MCCOVEY' stays). Null when no one split fits.
 */
function splitNames(word: string): string | null {
  const known = (w: string) => (names().get(w.length) ?? []).includes(w);
  const [first, last] = [word.slice(0, 2), word.slice(2)];
  return last.length >= 4 && !PREFIXES.has(first) && known(last) ? `${first} ${last}` : null;
}

/** How much less likely (natural log) per letter than the line as read a known player's whole name may be and still be taken. */
const PLAYER_PRIOR_PER_LETTER = 1.1;
/** Share of a known player's letters the line read may have wrong (blurred, dropped, added) for the name to be weighed. */
const PLAYER_LETTERS_OFF = 0.5;

const lettersOf = (s: string) => s.toUpperCase().replace(/[^A-Z]/g, '');

/** Whether a line read is near enough a known player's name (`name`) for the name to be weighed as what it says. */
export function nearPlayer(read: string, name: string): boolean {
  const [r, spelt] = [lettersOf(read), lettersOf(name)];
  const max = Math.floor(spelt.length * PLAYER_LETTERS_OFF);
  return r.length >= 5 && Math.abs(spelt.length - r.length) <= max && countsApart(letterCounts(r), spelt) <= 2 * max && distance(r, spelt, max) <= max;
}

/**
 * How far apart a word's letter counts (`counts`, of A-Z; other characters are not counted) are
 * from another word's: an edit moves the sum by two at most, so half of it bounds the edit
 * distance from below, at a fraction of its cost (a line is weighed against every known player,
 * a word against every known name of about its length).
 */
function countsApart(counts: Int32Array, word: string): number {
  scratch.set(counts);
  for (let i = 0; i < word.length; i++) {
    const k = word.charCodeAt(i) - 65;
    if (k >= 0 && k < 26) scratch[k]!--;
  }
  let sum = 0;
  for (let i = 0; i < 26; i++) sum += Math.abs(scratch[i]!);
  return sum;
}
const scratch = new Int32Array(26);

function letterCounts(word: string): Int32Array {
  const c = new Int32Array(26);
  for (let i = 0; i < word.length; i++) {
    const k = word.charCodeAt(i) - 65;
    if (k >= 0 && k < 26) c[k]!++;
  }
  return c;
}

/**
 * The known player (known-players.ts) the whole line `text` reads as, when the recognizer's output
 * finds the name nearly as likely as the line read: a line blurred past word-by-word correction
 * ('WHMIY .FORD', 'OURK ATER') is still close to one name as a whole, and each word read right
 * pulls the other. Null when no known player is near or likely enough.
 */
export function knownPlayer(out: TCtcOutput, text: string): { name: string; ll: number; readLl: number } | null {
  const readLl = textLogLikelihood(out, text);
  if (readLl === -Infinity) return null;
  let best: { name: string; ll: number } | null = null;
  for (const name of KNOWN_PLAYERS) {
    if (!nearPlayer(text, name)) continue;
    const ll = textLogLikelihood(out, name);
    if (!best || ll > best.ll) best = { name, ll };
  }
  if (!best || best.ll < readLl - PLAYER_PRIOR_PER_LETTER * lettersOf(best.name).length) return null;
  return { ...best, readLl };
}

/**
 * The line `text` (as read from `out`) with each word that is near a known name, and whose name
 * the output finds nearly as likely, replaced by that name; `charScores` follow the text (a
 * replaced word's letters take the likelihood's share per letter of how far it stands below the read).
 */
export function snapNames(out: TCtcOutput, text: string, charScores: readonly number[]): { text: string; charScores: number[] } {
  // A dot or colon read between two words of three letters or more is the space between them ('MDSRTT.RANEW'); an initial's dot ('W.MAYS') stays.
  text = text.replace(/(?<=[A-Z]{3})[.:;,](?=[A-Z]{3})/g, ' ');
  let words = text.split(' ');
  let at = 0;
  let scores = words.map((w) => {
    const s = charScores.slice(at, at + w.length);
    at += w.length + 1;
    return s;
  });
  const readLl = textLogLikelihood(out, text);
  if (readLl === -Infinity) return { text, charScores: [...charScores] };
  const player = knownPlayer(out, text);
  if (player) {
    // A word read as the name spells it keeps its letters' scores; the others' letters take the
    // likelihood's share per letter of how far the name stands below the read (as a word corrected alone).
    const nameWords = player.name.split(' ');
    const kept = nameWords.map((w, k) => nameWords.length === words.length && w === words[k]);
    const changed = nameWords.reduce((n, w, k) => n + (kept[k] ? 0 : w.length), 0);
    const perLetter = Math.exp(Math.min(0, player.ll - readLl) / Math.max(1, changed));
    const floor = Math.min(...charScores, 1);
    const wordScores = nameWords.map((w, k) => (kept[k] ? (scores[k] ?? []) : [...w].map(() => Math.max(floor, perLetter * 0.9))));
    return { text: player.name, charScores: wordScores.flatMap((s, k) => (k ? [1, ...s] : s)) };
  }
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? '';
    // A two-letter first word is a short first name ('ED', 'TY'): one letter from one of them, it may be that name.
    const short = i === 0 && words.length > 1 && /^[A-Z]{2}$/.test(word) && !SHORT_FIRST_NAMES.has(word);
    if ((word.length < 3 && !short) || !/^[A-Z]+$/.test(word) || LABEL_WORDS.has(word)) continue;
    let near = short ? [...SHORT_FIRST_NAMES].filter((n) => distance(word, n, 1) <= 1) : nearNames(word);
    // A word that is itself a name weighs only the label words and well-known names a letter from
    // it: a rare name ('ROOKE', 'ROS') read for a common one must not hold it off.
    if (near[0] === word) near = PREFERRED.has(word) ? [] : [word, ...near.filter((n) => PREFERRED.has(n) && distance(word, n, 1) <= 1)];
    if (near.length < 2 && near[0] === word) continue;
    const split = i === 0 ? splitNames(word) : null;
    if (split) {
      // Two names read as one word ('SIJOHNSON'): the space the recognizer left out is put back.
      words = [...words.slice(0, i), split, ...words.slice(i + 1)];
      const s = scores[i] ?? [];
      scores = [...scores.slice(0, i), [...s.slice(0, split.indexOf(' ')), 1, ...s.slice(split.indexOf(' '))], ...scores.slice(i + 1)];
      continue;
    }
    if (!near.length) continue;
    const base = textLogLikelihood(out, words.join(' '));
    let best: { name: string; ll: number } | null = null;
    for (const name of near) {
      // A name of another length than the word read is a less likely correction: blur blends and
      // splits letters, but seldom drops or adds a whole one ('RANEW' is not 'REW').
      const ll =
        textLogLikelihood(out, [...words.slice(0, i), name, ...words.slice(i + 1)].join(' '))
        - LENGTH_COST * (PREFERRED.has(name) ? Math.abs(wide(name) - wide(word)) : Math.abs(name.length - word.length))
        + (LINE_WORDS.has(name) ? LINE_WORD_BONUS : 0);
      if (!best || ll > best.ll) best = { name, ll };
    }
    if (!best || best.ll < base - NAME_PRIOR) continue;
    const perLetter = Math.exp(Math.min(0, best.ll - base) / best.name.length);
    const floor = Math.min(...(scores[i] ?? [1]));
    words = [...words.slice(0, i), best.name, ...words.slice(i + 1)];
    scores = [...scores.slice(0, i), [...best.name].map(() => Math.max(floor, perLetter * 0.9)), ...scores.slice(i + 1)];
  }
  return { text: words.join(' '), charScores: scores.flatMap((s, i) => (i ? [1, ...s] : s)) };
}
