import { BRAND_ROOTS, BRANDS, PLAYER_SUFFIX_WORDS, STOP_WORDS, VARIETY_WORDS, displayCase, mendBrandWord } from './vocabulary.ts';

const WORD_SHAPES: readonly RegExp[] = [
  /^[A-Z][A-Z'.\-]*[A-Z.]$/, // SHOHEI, O'NEAL, JR., X-FRACTOR
  /^[A-Z]\.$/, // an initial
  /^\d+(ST|ND|RD|TH)$/, // 1ST
  /^\/\d+$/, // a print run, /99
  /^[A-Z]{1,2}\d{2,4}(-\d)?$/, // vintage set codes: T206, E90-1
];

/** Barcode stripes read as letters ('IIIL'), and long vowel-less runs, are noise. */
function isNoise(w: string): boolean {
  const letters = w.replace(/[^A-Z]/g, '');
  return /^[IL]+$/.test(letters) || (/^[A-Z]{4,}$/.test(letters) && !/\d/.test(w) && !/[AEIOUY]/.test(letters) && !VARIETY_WORDS.has(w));
}

/** A line's leftover words, after numbers, codes, boilerplate and barcode noise are dropped. */
export function wordsOf(text: string): string[] {
  return text
    .split(/\s+/)
    .map((w) => w.replace(/^[()]+|[()]+$/g, ''))
    .filter((w) => WORD_SHAPES.some((re) => re.test(w)) && !isNoise(w) && !STOP_WORDS.has(w.replace(/\.$/, '')));
}

const isVarietyWord = (w: string) => VARIETY_WORDS.has(w) || /^\/\d+$/.test(w);

/** The brand read from a set line, and any parallel words that trail it ('TOPPS CHROME REFRACTOR'). */
export interface TBrandRead {
  brand: string;
  known: boolean;
  variety: string | null;
}

/** Splits set-line words into brand and trailing variety; null when nothing brand-like is there. */
export function readBrand(words: readonly string[]): TBrandRead | null {
  const mended = words.map(mendBrandWord);
  if (!mended.length) return null;
  const text = mended.join(' ');
  const known = BRANDS.find((b) => text === b || text.startsWith(`${b} `));
  if (known) {
    const tail = mended.slice(known.split(' ').length);
    if (tail.every(isVarietyWord)) {
      return { brand: displayCase(known), known: true, variety: tail.length ? displayCase(tail.join(' ')) : null };
    }
  }
  const hasRoot = mended.some((w) => BRAND_ROOTS.has(w));
  return { brand: displayCase(text), known: hasRoot, variety: null };
}

/** True when `words` could be a player's name: one to five words of letters, five letters or more. */
function nameLike(words: readonly string[], allowSingle: boolean): boolean {
  const letters = words.join('').replace(/[^A-Z]/g, '').length;
  return (
    words.length >= (allowSingle ? 1 : 2) && words.length <= 5 && letters >= 4 && words.every((w) => /^[A-Z][A-Z'.\-]*$/.test(w)) && !words.every(isVarietyWord)
  );
}

/** The player and the variety read from the label lines left after every other field. */
export interface TPeopleRead {
  player: string | null;
  variety: string | null;
}

/**
 * Reads the player and variety from leftover fragments (each a line's words, in label order).
 * A fragment made only of parallel words is the variety; the first name-like fragment is the
 * player (a name broken over two lines is joined). After the player, the next fragment is the
 * variety, and so is any later one holding a parallel word; other stray words are dropped.
 */
export function readPlayerAndVariety(fragments: readonly { words: string[]; afterSet: boolean }[]): TPeopleRead {
  let player: string[] | null = null;
  let playerAt = -1;
  const variety: string[] = [];
  for (let i = 0; i < fragments.length; i++) {
    const { words, afterSet } = fragments[i] ?? { words: [], afterSet: false };
    if (!words.length) continue;
    if (words.every(isVarietyWord)) {
      variety.push(...words);
      continue;
    }
    if (!player) {
      const next = fragments[i + 1]?.words ?? [];
      const joined = [...words, ...next];
      if (words.length === 1 && next.length === 1 && joined.every((w) => w.length >= 3) && nameLike(joined, false) && !isVarietyWord(next[0] ?? '')) {
        [player, playerAt] = [joined, i + 1];
        i += 1;
        continue;
      }
      if (nameLike(words, afterSet)) {
        let end = words.length;
        while (end > 1 && PLAYER_SUFFIX_WORDS.has(words[end - 1] ?? '')) end -= 1;
        [player, playerAt] = [words.slice(0, end), i];
        variety.push(...words.slice(end));
        continue;
      }
    }
    const nextToPlayer = player && !variety.length && fragments.slice(playerAt + 1, i).every((f) => !f.words.length);
    if (player && (nextToPlayer || words.some(isVarietyWord)) && variety.length < 6) variety.push(...words);
  }
  return {
    player: player ? displayCase(player.join(' ')) : null,
    variety: variety.length ? displayCase(variety.join(' ')) : null,
  };
}
