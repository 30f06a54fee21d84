/**
 * A card's structured fields as a form holds them (text inputs) and back, with each field's
 * problem in words (rules.ts). The gallery's add and edit dialogs use it; the API checks the same
 * rules again on what the form sends. Pure.
 */
import { formatCents } from '../format.ts';
import { parseValueCents } from '../values.ts';
import { CARD_DATA_KEYS, CARD_TEXT_MAX, SUBGRADE_KEYS, type TCardData, type TCardGrader, type TSubgradeValues } from './card-data.ts';
import { certProblem, costProblem, dateProblem, gradeText, normalizeCert, readGradeNumber, yearProblem } from './rules.ts';

/** The form's inputs, all text ('' for none). */
export interface TCardForm {
  subject: string;
  year: string;
  set: string;
  cardNumber: string;
  variety: string;
  sport: string;
  serial: string;
  grader: '' | TCardGrader;
  grade: string;
  qualifier: string;
  certNumber: string;
  autographGrade: string;
  centering: string;
  corners: string;
  edges: string;
  surface: string;
  cost: string;
  acquiredOn: string;
  source: string;
  notes: string;
}
export type TCardFormKey = keyof TCardForm;

/** Each input's label, as the forms, the viewer and the import's row errors name it. */
export const CARD_FORM_LABELS: Readonly<Record<TCardFormKey, string>> = {
  subject: 'Player',
  year: 'Year',
  set: 'Set',
  cardNumber: 'Card Number',
  variety: 'Variety',
  sport: 'Sport',
  serial: 'Serial',
  grader: 'Grader',
  grade: 'Grade',
  qualifier: 'Qualifier',
  certNumber: 'Cert Number',
  autographGrade: 'Autograph Grade',
  centering: 'Centering',
  corners: 'Corners',
  edges: 'Edges',
  surface: 'Surface',
  cost: 'Cost',
  acquiredOn: 'Date Acquired',
  source: 'Source',
  notes: 'Notes',
};

/** The card field each input fills (the four subgrade inputs fill one field). */
export const FORM_FIELD: Readonly<Record<TCardFormKey, keyof TCardData>> = {
  subject: 'subject',
  year: 'year',
  set: 'set',
  cardNumber: 'cardNumber',
  variety: 'variety',
  sport: 'sport',
  serial: 'serial',
  grader: 'grader',
  grade: 'grade',
  qualifier: 'qualifier',
  certNumber: 'certNumber',
  autographGrade: 'autographGrade',
  centering: 'subgrades',
  corners: 'subgrades',
  edges: 'subgrades',
  surface: 'subgrades',
  cost: 'costCents',
  acquiredOn: 'acquiredOn',
  source: 'source',
  notes: 'notes',
};

/** An empty form. */
export const EMPTY_CARD_FORM: Readonly<TCardForm> = Object.freeze({
  subject: '',
  year: '',
  set: '',
  cardNumber: '',
  variety: '',
  sport: '',
  serial: '',
  grader: '',
  grade: '',
  qualifier: '',
  certNumber: '',
  autographGrade: '',
  centering: '',
  corners: '',
  edges: '',
  surface: '',
  cost: '',
  acquiredOn: '',
  source: '',
  notes: '',
});

const gradeInput = (g: number | null) => (g === null ? '' : gradeText(g));

/** The form filled with a card's fields. */
export function cardForm(d: TCardData): TCardForm {
  return {
    subject: d.subject ?? '',
    year: d.year ?? '',
    set: d.set ?? '',
    cardNumber: d.cardNumber ?? '',
    variety: d.variety ?? '',
    sport: d.sport ?? '',
    serial: d.serial ?? '',
    grader: d.grader ?? '',
    grade: gradeInput(d.grade),
    qualifier: d.qualifier ?? '',
    certNumber: d.certNumber ?? '',
    autographGrade: gradeInput(d.autographGrade),
    centering: gradeInput(d.subgrades?.centering ?? null),
    corners: gradeInput(d.subgrades?.corners ?? null),
    edges: gradeInput(d.subgrades?.edges ?? null),
    surface: gradeInput(d.subgrades?.surface ?? null),
    cost: d.costCents === null ? '' : formatCents(d.costCents),
    acquiredOn: d.acquiredOn ?? '',
    source: d.source ?? '',
    notes: d.notes ?? '',
  };
}

/** What the form says: the fields it holds, and what is wrong with any of them (by input). */
export interface TReadForm {
  data: TCardData;
  problems: Partial<Record<TCardFormKey, string>>;
}

/** Reads a form into fields; an input that breaks a rule is named in `problems` and left null. */
export function readCardForm(f: TCardForm): TReadForm {
  const problems: TReadForm['problems'] = {};
  const t = (key: TCardFormKey & keyof typeof CARD_TEXT_MAX) => {
    const v = f[key].replace(/\s+/g, ' ').trim();
    if (v.length > CARD_TEXT_MAX[key]) problems[key] = `At most ${CARD_TEXT_MAX[key]} characters`;
    return v || null;
  };
  const checked = <T>(key: TCardFormKey, value: T | null, problem: string | null): T | null => {
    if (problem) problems[key] = problem;
    return problem ? null : value;
  };
  const grade = (key: TCardFormKey) => {
    const v = f[key].trim();
    return v ? checked(key, readGradeNumber(v), readGradeNumber(v) === null ? 'A grade is 1 to 10, in half steps' : null) : null;
  };
  const grader = f.grader || null;
  const year = f.year.trim();
  const cert = normalizeCert(f.certNumber);
  const cost = f.cost.trim();
  const costCents = cost ? parseValueCents(cost) : null;
  const date = f.acquiredOn.trim();
  const subgrades: TSubgradeValues = { centering: grade('centering'), corners: grade('corners'), edges: grade('edges'), surface: grade('surface') };
  const notes = f.notes.trim();
  if (notes.length > CARD_TEXT_MAX.notes) problems.notes = `At most ${CARD_TEXT_MAX.notes} characters`;
  const data: TCardData = {
    subject: t('subject'),
    year: year ? checked('year', year, yearProblem(year)) : null,
    set: t('set'),
    cardNumber: t('cardNumber')?.replace(/^#\s*/, '') || null,
    variety: t('variety'),
    sport: t('sport'),
    serial: t('serial'),
    grader,
    grade: grade('grade'),
    qualifier: t('qualifier'),
    certNumber: cert ? checked('certNumber', cert, certProblem(cert, grader)) : null,
    autographGrade: grade('autographGrade'),
    subgrades: SUBGRADE_KEYS.some((k) => subgrades[k] !== null) ? subgrades : null,
    costCents: cost ? checked('cost', costCents, costCents === null ? 'A cost is an amount, e.g. $150' : costProblem(costCents)) : null,
    acquiredOn: date ? checked('acquiredOn', date, dateProblem(date)) : null,
    source: t('source'),
    notes: notes || null,
  };
  return { data, problems };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of `after` that differ from `before` (an edit sends only what changed). */
export function changedCardData(before: TCardData, after: TCardData): Partial<TCardData> {
  const out: Partial<Record<keyof TCardData, unknown>> = {};
  for (const key of CARD_DATA_KEYS) if (!same(before[key], after[key])) out[key] = after[key];
  // Each key copied holds that key's own value from `after`.
  return out as Partial<TCardData>;
}

/**
 * The fields of an upload form (multipart text, core/contracts/cards.types.ts ZUploadFields):
 * each field that is set, as text (grades '9.5', cost in cents, subgrades as JSON).
 */
export function uploadFieldsOf(d: TCardData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of CARD_DATA_KEYS) {
    const v = d[key];
    if (v === null) continue;
    out[key] = typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  return out;
}
