/** Words a slab label uses, for telling brands, parallels and players apart in OCR'd text. */
import { nameWordCase } from './name-case.ts';

/** Known brands and sets, longest first so 'TOPPS CHROME' wins over 'TOPPS'. */
export const BRANDS: readonly string[] = [
  'TOPPS',
  'TOPPS CHROME',
  'TOPPS CHROME UPDATE',
  'TOPPS UPDATE',
  'TOPPS HERITAGE',
  'TOPPS FINEST',
  'TOPPS STADIUM CLUB',
  'TOPPS TRADED',
  'TOPPS NOW',
  'TOPPS TIER ONE',
  'TOPPS TRIPLE THREADS',
  'TOPPS SAPPHIRE',
  'FINEST',
  'STADIUM CLUB',
  'BOWMAN',
  'BOWMAN CHROME',
  'BOWMAN DRAFT',
  'BOWMAN CHROME DRAFT',
  "BOWMAN'S BEST",
  'BOWMAN STERLING',
  'PANINI',
  'PANINI PRIZM',
  'PRIZM',
  'PANINI SELECT',
  'SELECT',
  'PANINI MOSAIC',
  'MOSAIC',
  'DONRUSS',
  'DONRUSS OPTIC',
  'PANINI DONRUSS',
  'PANINI DONRUSS OPTIC',
  'OPTIC',
  'PANINI NATIONAL TREASURES',
  'NATIONAL TREASURES',
  'PANINI CONTENDERS',
  'CONTENDERS',
  'PANINI HOOPS',
  'HOOPS',
  'NBA HOOPS',
  'PANINI IMMACULATE',
  'PANINI FLAWLESS',
  'PANINI SPECTRA',
  'PANINI OBSIDIAN',
  'PANINI CHRONICLES',
  'PANINI PRIZM WORLD CUP',
  'PANINI PRIZM DRAFT PICKS',
  'UPPER DECK',
  'UPPER DECK YOUNG GUNS',
  'UPPER DECK SP AUTHENTIC',
  'SP AUTHENTIC',
  'UPPER DECK EXQUISITE',
  'SPX',
  'FLEER',
  'FLEER ULTRA',
  'FLEER TRADITION',
  'ULTRA',
  'SKYBOX',
  'SKYBOX PREMIUM',
  'SCORE',
  'LEAF',
  'O-PEE-CHEE',
  'GOUDEY',
  'PLAY BALL',
  'PINNACLE',
  'PACIFIC',
  'CLASSIC',
  'PRESS PASS',
  // Sets PSA prints on vintage and modern sports labels (docs/choices.md 44), for correcting a blurred read only
  // (none taken from the real photo set, so its figures stay a fair check).
  "BOWMAN'S BEST",
  'TOPPS TIFFANY',
  'TOPPS GALLERY',
  'TOPPS GOLD',
  'TOPPS ARCHIVES',
  'TOPPS ALLEN & GINTER',
  'TOPPS DECK',
  'TOPPS BIG',
  'TOPPS GIANT',
  'TOPPS CHROME REF.',
  'DONRUSS ELITE',
  'UPPER DECK SP',
  'U.D. SP',
  'FLEER UPDATE',
  'FLEER GLOSSY',
  'FLEER TRADED',
  'SCORE TRADED',
  'LEAF LIMITED',
  'SPORTFLICS',
  "KELLOGG'S",
  'HOSTESS',
  'JELL-O',
  'BAZOOKA',
  'RED MAN',
  'BERK ROSS',
  'EXHIBITS',
  'DIAMOND STARS',
  'DOUBLE PLAY',
  'PLAY BALL',
  'GOUDEY',
  'CRACKER JACK',
  'TOPPS TRADED TIFFANY',
  'FLEER ULTRA',
  'STADIUM CLUB',
  'TOPPS HERITAGE HIGH NUMBER',
]
  .filter((b, i, all) => all.indexOf(b) === i)
  .sort((a, b) => b.length - a.length);

/** Single words that mark a phrase as a brand even when the whole set name is unknown. */
export const BRAND_ROOTS: ReadonlySet<string> = new Set([
  'TOPPS',
  'BOWMAN',
  'PANINI',
  'PRIZM',
  'DONRUSS',
  'FLEER',
  'UPPER',
  'SKYBOX',
  'SCORE',
  'LEAF',
  'O-PEE-CHEE',
  'GOUDEY',
  'FINEST',
  'HOOPS',
  'OPTIC',
  'MOSAIC',
  'SELECT',
  'PINNACLE',
  'PACIFIC',
  'CONTENDERS',
  'CHROME',
]);

/** Words that make up parallel/variety lines ('SILVER PRIZM', 'GOLD REFRACTOR', 'RC'). */
export const VARIETY_WORDS: ReadonlySet<string> = new Set([
  'REFRACTOR',
  'REFRACTORS',
  'XFRACTOR',
  'X-FRACTOR',
  'SUPERFRACTOR',
  'PRIZM',
  'PRIZMS',
  'PRIZMATIC',
  'SILVER',
  'GOLD',
  'BLUE',
  'RED',
  'GREEN',
  'ORANGE',
  'PURPLE',
  'BLACK',
  'PINK',
  'WHITE',
  'AQUA',
  'TEAL',
  'BRONZE',
  'HOLO',
  'HOLOGRAPHIC',
  'AUTO',
  'AUTOS',
  'AUTOGRAPH',
  'AUTOGRAPHS',
  'AUTOGRAPHED',
  'SIGNED',
  'RC',
  'ROOKIE',
  'ROOKIES',
  '1ST',
  'FIRST',
  'PATCH',
  'JERSEY',
  'RELIC',
  'RPA',
  'SP',
  'SSP',
  'VARIATION',
  'VAR',
  'PARALLEL',
  'SHIMMER',
  'MOJO',
  'WAVE',
  'SAPPHIRE',
  'CRACKED',
  'ICE',
  'DIE-CUT',
  'INSERT',
  'FOIL',
  'SPECKLE',
  'SCOPE',
  'HYPER',
  'LASER',
  'DISCO',
  'CAMO',
  'TIGER',
  'ZEBRA',
  'SNAKESKIN',
  'NEON',
  'PULSAR',
  'CHECKERBOARD',
  'RATED',
  'YOUNG',
  'GUNS',
  'ATOMIC',
  'LAVA',
  'RAYWAVE',
  'BASE',
  'SHORT',
  'PRINT',
  'PROSPECT',
  'PROSPECTS',
  'DRAFT',
  'CHROME',
  'BOWMAN',
  'FUTURES',
  'PREVIEW',
  'STARS',
  'TEAM',
  'USA',
  'MINI',
  'DIAMOND',
  'EMERALD',
  'RUBY',
  'CARDINAL',
  'FAST',
  'BREAK',
  'HOLOFOIL',
]);

/** Variety words that may trail a player's name on one line ('SHOHEI OHTANI RC'). */
export const PLAYER_SUFFIX_WORDS: ReadonlySet<string> = new Set([
  'RC',
  'ROOKIE',
  'AUTO',
  'AUTOGRAPH',
  'REFRACTOR',
  'PRIZM',
  'SP',
  'SSP',
  'PATCH',
  'RPA',
  '1ST',
]);

/** Label boilerplate that is never a player or a variety. */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'CERT',
  'CERTIFICATION',
  'NO',
  'NUMBER',
  'GRADE',
  'GRADING',
  'SERVICE',
  'SERVICES',
  'AUTHENTICATION',
  'PROFESSIONAL',
  'SPORTSCARD',
  'GUARANTY',
  'CARDS',
  'COM',
  'WWW',
  'DNA',
  'SUBGRADES',
  'FINAL',
  'QUALIFIER',
]);

/** Phrases that name the sport, in the order they are tried. */
export const SPORT_HINTS: readonly (readonly [RegExp, string])[] = [
  [/\b(BASEBALL|MLB|BOWMAN)\b/, 'Baseball'],
  [/\b(BASKETBALL|NBA|WNBA|HOOPS)\b/, 'Basketball'],
  [/\b(FOOTBALL|NFL)\b/, 'Football'],
  [/\b(HOCKEY|NHL|YOUNG GUNS|O-PEE-CHEE)\b/, 'Hockey'],
  [/\b(SOCCER|WORLD CUP|UEFA|FIFA|MLS|PREMIER LEAGUE)\b/, 'Soccer'],
];

const SPECIAL_CASE: Readonly<Record<string, string>> = {
  SKYBOX: 'SkyBox',
  'O-PEE-CHEE': 'O-Pee-Chee',
  SPX: 'SPx',
  "BOWMAN'S": "Bowman's",
  'X-FRACTOR': 'X-Fractor',
  XFRACTOR: 'XFractor',
  JR: 'Jr.',
  'JR.': 'Jr.',
  SR: 'Sr.',
  'SR.': 'Sr.',
};
const KEEP_UPPER: ReadonlySet<string> = new Set([
  'SP',
  'SSP',
  'RC',
  'UD',
  'NBA',
  'NFL',
  'MLB',
  'NHL',
  'WNBA',
  'USA',
  'UEFA',
  'FIFA',
  'MLS',
  'II',
  'III',
  'IV',
  'RPA',
  'OPC',
  'GX',
  'VMAX',
  'VSTAR',
  'DJ',
  'AJ',
  'CJ',
  'TJ',
  'JJ',
  'JD',
  'JT',
  'KJ',
  'RJ',
]);

function capitalise(part: string): string {
  if (/^MC[A-Z]{2,}/.test(part)) return `Mc${capitalise(part.slice(2))}`;
  if (/^[OD]'[A-Z]/.test(part)) return `${part.slice(0, 2)}${capitalise(part.slice(2))}`;
  if (/^([A-Z]\.)+$/.test(part)) return part;
  if (/^\d+(ST|ND|RD|TH)$/.test(part)) return part.toLowerCase();
  // Letters and digits together are a code, kept in capitals: 'PX3', 'CBB3', '3D' (a decade's 's' apart: '1990s').
  if (/\d/.test(part) && /[A-Z]/.test(part) && !/^\d+S$/.test(part)) return part;
  return part.charAt(0) + part.slice(1).toLowerCase();
}

/**
 * Label text to display case: 'SHOHEI OHTANI' -> 'Shohei Ohtani', 'SKYBOX' -> 'SkyBox',
 * 'LEBRON JAMES' -> 'LeBron James' (known capitalisations in name-case.ts). A word the label prints
 * in lower case among capitals keeps it: 'CHARIZARD ex' -> 'Charizard ex' (docs/choices.md 47 item 12).
 */
export function displayCase(text: string): string {
  const words = text.split(' ').filter(Boolean);
  const labelCapitals = words.some((w) => /[A-Z]/.test(w) && w === w.toUpperCase());
  return words
    .map((word) => {
      if (labelCapitals && /^[a-z]+$/.test(word)) return word;
      const w = word.toUpperCase();
      return (
        SPECIAL_CASE[w]
        ?? (KEEP_UPPER.has(w)
          ? w
          : w
              .split('-')
              .map((part) => nameWordCase(part) ?? capitalise(part))
              .join('-'))
      );
    })
    .join(' ');
}

/** True when `a` becomes `b` with at most `max` single-letter edits (Levenshtein; exits early). */
export function withinEdits(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
    }
    if (Math.min(...cur) > max) return false;
    prev = cur;
  }
  return (prev[b.length] ?? max + 1) <= max;
}

const BRAND_WORDS: readonly string[] = [...new Set(BRANDS.flatMap((b) => b.split(' ')))].filter((w) => w.length >= 5);

/** Mends one OCR slip in a brand word ('TOPPZ' -> 'TOPPS'); other words come back unchanged. */
export function mendBrandWord(word: string): string {
  if (word.length < 5 || BRAND_WORDS.includes(word)) return word;
  return BRAND_WORDS.find((w) => withinEdits(word, w, 1)) ?? word;
}

/**
 * The first year a brand's cards were printed (the brand's first word, or a line of it): a label
 * can print no earlier year beside it. Only brands whose start is beyond doubt; any other set
 * allows every year.
 */
const BRAND_FIRST_YEARS: readonly (readonly [string, number])[] = [
  ['TOPPS', 1951],
  ['BOWMAN', 1948],
  ['DONRUSS', 1981],
  ['UPPER DECK', 1989],
  ['SCORE', 1988],
  ['FINEST', 1993],
  ['FLEER', 1923],
  ['GOUDEY', 1933],
  ['PINNACLE', 1992],
  ['SELECT', 1993],
  ['SKYBOX', 1990],
  ['ULTRA', 1991],
  ['U.D.', 1989],
  ['STADIUM CLUB', 1991],
  ['PRIZM', 2012],
  ['CHROME', 1996],
  ['POKEMON', 1996],
  ['TOPPS NOW', 2016],
  ['TOPPS A & G', 2006],
  ['BOWMAN CHROME', 1997],
];

/**
 * Sets printed only within a few known years (vintage catalogue codes, premiums and regional
 * issues that ran a season or a few): a label prints no year outside the span beside them.
 * Only spans beyond doubt, each a year wide of its known run either side where sources differ.
 */
const SET_YEAR_SPANS: readonly (readonly [string, number, number])[] = [
  ['T205', 1911, 1911],
  ['T206', 1909, 1911],
  ['T207', 1912, 1912],
  ['E90-1', 1909, 1911],
  ['E90-2', 1910, 1911],
  ['E90-3', 1910, 1911],
  ['E91', 1908, 1910],
  ['E92', 1909, 1910],
  ['E93', 1910, 1910],
  ['E94', 1911, 1911],
  ['E95', 1909, 1909],
  ['E96', 1910, 1910],
  ['E120', 1922, 1922],
  ['E121', 1921, 1922],
  ['E122', 1922, 1922],
  ['E135', 1916, 1916],
  ['E145', 1914, 1915],
  ['M101-4', 1916, 1916],
  ['M101-5', 1916, 1916],
  ['M116', 1911, 1911],
  ['D350-2', 1916, 1916],
  ['PX3 DOUBLE HEADER', 1933, 1934],
  ['PLAY BALL', 1939, 1941],
  ['DELONG', 1933, 1933],
  ['DIAMOND STARS', 1934, 1936],
  ['BATTER-UP', 1934, 1936],
  ['NATIONAL CHICLE', 1934, 1936],
  ['SPORT KINGS', 1933, 1933],
  ['GOUDEY', 1933, 1941],
  ["NEILSON'S CHOC.", 1922, 1923],
  ["WILLARD'S CHOC.", 1922, 1923],
  ['SWELL', 1948, 1949],
  ['DAN-DEE', 1954, 1954],
  ['BELL BRAND', 1958, 1962],
  ['RED MAN', 1952, 1955],
  ['BERK ROSS', 1951, 1952],
  ['WILSON FRANKS', 1954, 1954],
  ['STAHL-MEYER', 1952, 1955],
  ['JOHNSTON COOKIES', 1953, 1955],
  ['NU-CARD', 1960, 1961],
  ['JELL-O', 1962, 1963],
  ['SALADA TEA', 1962, 1963],
  ['FLEER T. WILLIAMS', 1959, 1959],
  ['TOPPS STMP.PANELS', 1961, 1962],
  ['BOARDWALK & B.B.', 1987, 1987],
];

/** Whether `year` (a number or its digits) lies within `span`, ends included. */
export function withinYears(year: number | string, span: { from: number; to: number }): boolean {
  const y = Number(year);
  return y >= span.from && y <= span.to;
}

/**
 * The years a label can print beside `brand` (upper case): from the brand's first cards (the
 * latest start of the brands it names) and within the run of a set printed only a few years;
 * null when any year can.
 */
export function brandYears(brand: string): { from: number; to: number } | null {
  const words = ` ${brand.toUpperCase()} `;
  const firsts = BRAND_FIRST_YEARS.filter(([b]) => words.includes(` ${b} `)).map(([, y]) => y);
  const spans = SET_YEAR_SPANS.filter(([b]) => words.includes(` ${b} `));
  if (!firsts.length && !spans.length) return null;
  const from = Math.max(0, ...firsts, ...spans.map(([, f]) => f));
  const to = Math.min(9999, ...spans.map(([, , t]) => t));
  return from <= to ? { from, to } : null;
}
