import { blank, matchesIn } from './label-text.ts';
import type { TGrader, TSubgrades } from './types.ts';

/** A value read from label lines, with the line it came from. */
export interface TFound {
  value: string;
  line: number;
}

const GRADER_PATTERNS: readonly (readonly [TGrader, RegExp])[] = [
  ['PSA', /(?<![A-Z0-9])(?:PSA\s*\/?\s*DNA|PSACARD(?:\.COM)?|PSA)(?![A-Z0-9])/g],
  ['BGS', /(?<![A-Z0-9])(?:BECKETT(?:\s+GRADING(?:\s+SERVICES?)?)?(?:\.COM)?|BGS)(?![A-Z0-9])/g],
  ['SGC', /(?<![A-Z0-9])SGC(?![A-Z0-9])/g],
  ['CGC', /(?<![A-Z0-9])(?:CGCCARDS(?:\.COM)?|CGC(?:\s+CARDS)?|CERTIFIED\s*GUARANTY(?:\s*COMPANY)?)(?![A-Z0-9])/g],
];

/** Takes every grader name or logo text ('PSA', 'BECKETT', 'SGC', 'CGC CARDS'); the most named wins. */
export function takeGrader(rest: string[]): TGrader | null {
  let best: TGrader | null = null;
  let bestCount = 0;
  for (const [grader, re] of GRADER_PATTERNS) {
    let count = 0;
    rest.forEach((text, line) => {
      for (const m of matchesIn(text, re)) {
        count += 1;
        rest[line] = blank(rest[line] ?? '', m.index, m.index + m[0].length);
      }
    });
    if (count > bestCount) [best, bestCount] = [grader, count];
  }
  return best;
}

/** Takes the cert number: 7 to 10 digits (or SGC's '1234567-001'), preferring one after 'CERT'. */
export function takeCert(rest: string[]): string | null {
  const re = /(?:\bCERT(?:IFICATION)?\s*(?:NO\.?|NUMBER|#)?\s*:?\s*|(?<![A-Z0-9#.\-/]))(\d{7}-\d{3}|\d{7,10})(?![A-Z0-9.\-])/g;
  const hits = rest.flatMap((text, line) => matchesIn(text, re).map((m) => ({ m, line })));
  const best = hits.sort(
    (a, b) => Number(b.m[0].startsWith('CERT')) - Number(a.m[0].startsWith('CERT')) || (b.m[1]?.length ?? 0) - (a.m[1]?.length ?? 0) || b.line - a.line,
  )[0];
  if (!best?.m[1]) return null;
  rest[best.line] = blank(rest[best.line] ?? '', best.m.index, best.m.index + best.m[0].length);
  return best.m[1];
}

// A reader may split the last letter off a word ('EDGE S'): tolerated.
const SUBGRADE_RE = /(?<![A-Z])(CENTERING|CENTER|CORNER ?S|EDGE ?S|SURFACE)\s*[:\-]?\s*(10|[1-9](?:\.5)?)(?![0-9.])/g;

/** Takes BGS/CGC subgrades ('CENTERING 9.5 CORNERS 10 ...'); null when none is printed. */
export function takeSubgrades(rest: string[]): TSubgrades | null {
  const out: TSubgrades = { centering: null, corners: null, edges: null, surface: null };
  let any = false;
  rest.forEach((text, line) => {
    for (const m of matchesIn(text, SUBGRADE_RE)) {
      const key = m[1] === 'CENTER' ? 'centering' : (m[1]?.replace(' ', '').toLowerCase() as keyof TSubgrades);
      out[key] ??= m[2] ?? null;
      any = true;
      rest[line] = blank(rest[line] ?? '', m.index, m.index + m[0].length);
    }
  });
  return any ? out : null;
}

/** Takes the first year (1880–2099) or season ('2018-19', '2018/2019' -> '2018-19'). */
export function takeYear(rest: string[]): TFound | null {
  const re = /(?<![A-Z0-9#.\-/])((?:18[89]|19\d|20\d)\d)(?:\s*[-/]\s*((?:19|20)?\d{2}))?(?![A-Z0-9.])/g;
  for (const [line, text] of rest.entries()) {
    for (const m of matchesIn(text, re)) {
      const year = Number(m[1]);
      const next = m[2] ? Number(m[2].slice(-2)) : null;
      const season = next !== null && next === (year + 1) % 100;
      // A trailing '-NN' that is not the next season belongs to something else: leave it.
      const length = season ? m[0].length : (m[1]?.length ?? 4);
      rest[line] = blank(text, m.index, m.index + length);
      return { value: season ? `${year}-${String(next).padStart(2, '0')}` : String(year), line };
    }
  }
  return null;
}

/** Takes the first card number printed with '#' ('#193', '#BCP-50'), without the '#'. */
export function takeCardNumber(rest: string[]): TFound | null {
  for (const [line, text] of rest.entries()) {
    const m = matchesIn(text, /#([A-Z0-9][A-Z0-9\-]*)/g)[0];
    if (m?.[1]) {
      rest[line] = blank(text, m.index, m.index + m[0].length);
      return { value: m[1], line };
    }
  }
  return null;
}

/** Takes a bare number ending the set line ('2018 TOPPS CHROME 193') as the card number. */
export function takeTrailingCardNumber(rest: string[], line: number): string | null {
  const text = rest[line] ?? '';
  const m = /(?<=[A-Z]\s+)(\d{1,4})\s*$/.exec(text);
  if (!m?.[1]) return null;
  rest[line] = blank(text, m.index, m.index + m[1].length);
  return m[1];
}
