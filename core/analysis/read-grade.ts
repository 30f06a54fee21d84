import { GRADE_LEVELS, gradesOf, levelForGrade, nameOf, type TGradeLevel } from './grade-scale.ts';
import { blank, matchesIn } from './label-text.ts';
import type { TGrader } from './types.ts';

/** A grade number as printed: 1 to 10, with halves. */
export const GRADE_NUMBER = String.raw`(?<![A-Z0-9.#\-/+])(10|[1-9](?:\.5)?)(?![0-9.A-Z+])`;

interface TSpan {
  line: number;
  start: number;
  end: number;
}
interface TCandidate extends TSpan {
  level: TGradeLevel;
  text: string;
  short: boolean;
}
interface TNumberHit extends TSpan {
  value: string;
}

/** What the grade stage read; `graderHint` is the grader the wording points to, if any. */
export interface TGradeRead {
  grade: string | null;
  gradeName: string | null;
  certain: boolean;
  graderHint: TGrader | null;
  qualifier: string | null;
  autoGrade: string | null;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function aliasRegex(alias: string): RegExp {
  const parts = alias
    .replace(/\+$/, '')
    .split(/[\s\-/]+/)
    .map(escape);
  const tail = alias.endsWith('+') ? String.raw`\s*\+` : '(?![A-Z0-9+])';
  // 'SP AUTHENTIC' is an Upper Deck set, not a grade.
  const guard = alias.startsWith('AUTH') ? String.raw`(?<!\bSP\s)` : '';
  return new RegExp(`${guard}(?<![A-Z0-9])${parts.join(String.raw`[\s\-/]*`)}${tail}`, 'g');
}

const ALIASES = GRADE_LEVELS.flatMap((level) =>
  level.aliases.map((alias) => ({
    level,
    re: aliasRegex(alias),
    length: alias.length,
    // 'NM', 'EX', 'G' and friends mean a grade only right beside a number.
    short: alias.replace(/[\s\-/+]/g, '').length <= 2,
  })),
).sort((a, b) => b.length - a.length);

function findCandidates(rest: readonly string[]): TCandidate[] {
  const scan = [...rest];
  const found: TCandidate[] = [];
  for (const { level, re, short } of ALIASES) {
    scan.forEach((text, line) => {
      for (const m of matchesIn(text, re)) {
        found.push({ line, start: m.index, end: m.index + m[0].length, level, text: m[0], short });
        scan[line] = blank(scan[line] ?? '', m.index, m.index + m[0].length);
      }
    });
  }
  return found.sort((a, b) => a.line - b.line || a.start - b.start);
}

function numberAt(rest: readonly string[], line: number, from: number, re: RegExp): TNumberHit | null {
  const m = re.exec((rest[line] ?? '').slice(from));
  if (!m?.[1]) return null;
  const start = from + m.index + m[0].indexOf(m[1]);
  return { line, start, end: start + m[1].length, value: m[1] };
}

/**
 * The grade number that goes with a wording: beside it on its line; else ending the line above or
 * below; else alone on a line one or two away (columns read one after the other).
 */
function findNumber(rest: readonly string[], c: TCandidate): TNumberHit | null {
  if (c.level.key === 'AUTHENTIC') return null;
  const after = numberAt(rest, c.line, c.end, new RegExp(String.raw`^\s*[:\-]?\s*${GRADE_NUMBER}`));
  if (after) return after;
  const before = (rest[c.line] ?? '').slice(0, c.start);
  const b = numberAt([before], 0, 0, new RegExp(String.raw`${GRADE_NUMBER}\s*$`));
  if (b) return { ...b, line: c.line };
  for (const d of [1, -1, 2, -2]) {
    // Short wordings ('NM', 'EX') and distant lines only take a number standing alone.
    const line = c.line + d;
    const re = Math.abs(d) === 1 && !c.short ? new RegExp(String.raw`${GRADE_NUMBER}\s*$`) : new RegExp(String.raw`^\s*${GRADE_NUMBER}\s*$`);
    const hit = numberAt(rest, line, 0, re);
    if (hit) return hit;
  }
  return null;
}

function hintFrom(c: TCandidate): TGrader | null {
  if (c.level.key === 'MINT_PLUS') return 'SGC';
  if (c.text.includes('/')) return /\/\s*MINT/.test(c.text) ? 'CGC' : 'SGC';
  // 'GEM MT', 'NM-MT', 'EX-MT': the abbreviated MT is PSA's wording.
  if (/(?<![A-Z])MT(?![A-Z])/.test(c.text)) return 'PSA';
  return null;
}

function takeQualifier(rest: string[], lines: readonly number[]): string | null {
  const near = [...new Set(lines.flatMap((l) => [l - 1, l, l + 1]))].filter((l) => l >= 0 && l < rest.length);
  for (const line of near) {
    const bare = lines.includes(line) ? '?' : '';
    const re = new RegExp(String.raw`(?<![A-Z])\(${bare}(OC|ST|PD|OF|MK|MC)\)${bare}(?![A-Z])`, 'g');
    const m = matchesIn(rest[line] ?? '', re)[0];
    if (m?.[1]) {
      rest[line] = blank(rest[line] ?? '', m.index, m.index + m[0].length);
      return m[1];
    }
  }
  return null;
}

function takeAutoGrade(rest: string[]): string | null {
  const re = new RegExp(String.raw`(?<![A-Z])AUTO(?:GRAPH)?(?:\s+GRADE)?\s*[:\-]?\s*${GRADE_NUMBER}`, 'g');
  for (const [line, text] of rest.entries()) {
    const m = matchesIn(text, re)[0];
    if (m?.[1]) {
      rest[line] = blank(text, m.index, m.index + m[0].length);
      return m[1];
    }
  }
  return null;
}

/**
 * Reads the grade from label lines and blanks what it used in `rest`: the grader's wording
 * ('GEM MT', 'NM-MT+', '9.5 GEM MINT'), its number (same line or the end of a neighbouring line),
 * a PSA qualifier ('(OC)') and an autograph grade ('AUTO 10'). A number alone on a line is used
 * when no wording is found. `grader` may be null; the wording then hints at one.
 */
export function readGrade(rest: string[], grader: TGrader | null, hasSubgrades: boolean): TGradeRead {
  const scored = findCandidates(rest)
    .map((c) => {
      const num = findNumber(rest, c);
      const fits = num !== null && gradesOf(c.level, grader).includes(num.value);
      const score = fits ? 3 : num === null ? (c.short ? 0 : 2) : 1;
      return { c, num, score };
    })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score);
  const best = scored[0];
  const used: number[] = [];
  let hint: TGrader | null = hasSubgrades ? 'BGS' : null;
  let read: Omit<TGradeRead, 'graderHint' | 'qualifier' | 'autoGrade'> = { grade: null, gradeName: null, certain: false };
  if (best) {
    const { c, num } = best;
    hint ??= hintFrom(c);
    const g = grader ?? hint;
    rest[c.line] = blank(rest[c.line] ?? '', c.start, c.end);
    used.push(c.line);
    if (num) {
      rest[num.line] = blank(rest[num.line] ?? '', num.start, num.end);
      used.push(num.line);
    }
    const fits = num !== null && gradesOf(c.level, g).includes(num.value);
    const level = num && !fits ? (levelForGrade(g, num.value) ?? c.level) : c.level;
    const grade = num?.value ?? gradesOf(c.level, g)[0] ?? null;
    read = { grade, gradeName: nameOf(level, g), certain: fits || c.level.key === 'AUTHENTIC' };
  } else {
    const lone = rest.map((_, line) => numberAt(rest, line, 0, new RegExp(String.raw`^\s*${GRADE_NUMBER}\s*$`))).find(Boolean);
    if (lone) {
      rest[lone.line] = blank(rest[lone.line] ?? '', lone.start, lone.end);
      used.push(lone.line);
      const level = levelForGrade(grader, lone.value);
      read = { grade: lone.value, gradeName: level ? nameOf(level, grader) : null, certain: false };
    }
  }
  const qualifier = read.grade && (grader ?? 'PSA') === 'PSA' ? takeQualifier(rest, used) : null;
  if (qualifier) hint ??= 'PSA';
  return { ...read, graderHint: hint, qualifier, autoGrade: takeAutoGrade(rest) };
}
