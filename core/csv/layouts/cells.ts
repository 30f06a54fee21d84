/**
 * Helpers the layouts share: a grade cell as the form's grade inputs, subgrades as one cell, and
 * a row's cells by column name.
 */
import type { TCardForm } from '../../cards/form.ts';
import { GRADERS, SUBGRADE_KEYS, type TCardData, type TCardGrader } from '../../cards/card-data.ts';
import { parseGradeText } from '../../cards/grade.ts';
import { gradeText, readGradeNumber } from '../../cards/rules.ts';
import { unescapeCell } from '../escape.ts';
import { squash, type TRowCells } from './layout.ts';

/** A grader as a cell names it ('PSA', 'Beckett', 'raw', 'Other'); '' when it names none. */
export function graderInput(cell: string): TCardForm['grader'] {
  const exact = GRADERS.find((g) => g.toLowerCase() === cell.trim().toLowerCase());
  return exact ?? (cell.trim() ? (parseGradeText(cell).grader ?? 'other') : '');
}

/**
 * The form's grade inputs from a grade cell ('GEM MT 10', 'PSA 10.0 GEM - MT', '9 (OC)', 'AUTHENTIC').
 * `grader` is the file's grader column when it has one, else the grader the layout's files are
 * graded by (PSA's own export), else the grade cell's.
 */
export function gradeInputs(cell: string, grader: TCardGrader | '' = ''): Pick<TCardForm, 'grader' | 'grade' | 'qualifier'> {
  const read = parseGradeText(cell);
  return {
    grader: grader || read.grader || '',
    grade: read.grade === null ? (read.qualifier || read.grader === 'raw' ? '' : cell.trim()) : gradeText(read.grade),
    qualifier: read.qualifier ?? '',
  };
}

/** An autograph grade cell ('10', 'AUTO 10', 'Auto Grade 9') as the form's input. */
export function autographInput(cell: string): string {
  const t = cell.trim();
  if (!t || readGradeNumber(t) !== null) return t;
  const read = parseGradeText(/auto/i.test(t) ? t : `AUTO ${t}`).autographGrade;
  return read === null ? t : gradeText(read);
}

/** Subgrades as one cell: centering/corners/edges/surface, '' for a missing one ('9.5/9.5//10'). */
export function subgradesCell(s: TCardData['subgrades']): string {
  return s ? SUBGRADE_KEYS.map((k) => (s[k] === null ? '' : gradeText(s[k]))).join('/') : '';
}

/** The form's subgrade inputs from a subgrades cell. */
export function subgradeInputs(cell: string): Pick<TCardForm, 'centering' | 'corners' | 'edges' | 'surface'> {
  const [centering = '', corners = '', edges = '', surface = ''] = cell ? cell.split('/').map((p) => p.trim()) : [];
  return { centering, corners, edges, surface };
}

/** Where each column of a header is, by squashed name (the first of a repeated name wins). */
export function headerIndex(header: readonly string[]): ReadonlyMap<string, number> {
  const index = new Map<string, number>();
  header.forEach((name, i) => {
    if (!index.has(squash(name))) index.set(squash(name), i);
  });
  return index;
}

/** A row's cells by column name: `empty` lists the cell texts that mean "nothing" in this layout ('-' in PSA's). */
export function rowCells(index: ReadonlyMap<string, number>, row: readonly string[], empty: ReadonlySet<string> = new Set()): TRowCells {
  const at = (names: string[]) => names.map((n) => index.get(squash(n))).find((i) => i !== undefined);
  const text = (i: number | undefined) => {
    const t = i === undefined ? '' : unescapeCell((row[i] ?? '').trim()).trim();
    return empty.has(t) ? '' : t;
  };
  return {
    cell: (...names) => text(at(names)),
    has: (...names) => at(names) !== undefined,
    cellStarting: (prefix) => text([...index].find(([name]) => name.startsWith(prefix))?.[1]),
  };
}
