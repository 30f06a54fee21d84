/**
 * A card's structured fields (docs/choices.md 39): what the card is (year, set, number, subject,
 * variety), how it was graded (grader, grade, qualifier, subgrades, cert) and what the collector
 * paid. They sit beside the spec's slot fields (title, description, value, all-time high), which
 * are derived from them (title.ts). Plain types and constants: the site imports them too.
 */

/** Who graded the card: the four big graders, another one, or nobody (a raw card). */
export const GRADERS = ['PSA', 'BGS', 'SGC', 'CGC', 'other', 'raw'] as const;
export type TCardGrader = (typeof GRADERS)[number];

/** BGS subgrades, each a grade from 1 to 10 in half steps; null where the label has none. */
export interface TSubgradeValues {
  centering: number | null;
  corners: number | null;
  edges: number | null;
  surface: number | null;
}
export const SUBGRADE_KEYS = ['centering', 'corners', 'edges', 'surface'] as const satisfies readonly (keyof TSubgradeValues)[];

/** The structured fields of a card; null when not set. */
export interface TCardData {
  grader: TCardGrader | null;
  /** 1 to 10 in half steps (9.5). */
  grade: number | null;
  /** A word beside the grade: PSA's OC/ST/PD/OF/MK/MC, Authentic, Black Label; a raw card's condition. */
  qualifier: string | null;
  subgrades: TSubgradeValues | null;
  /** Digits as printed, leading zeros kept (rules.ts certProblem). */
  certNumber: string | null;
  /** '2018' or a season '2018-19'. */
  year: string | null;
  /** Brand and set line, e.g. 'Topps Chrome'. */
  set: string | null;
  /** As printed, without '#': '193', 'US250', 'BCP-50'. */
  cardNumber: string | null;
  /** The player or players (or character) the card shows. */
  subject: string | null;
  /** Parallel or variety, e.g. 'Refractor', 'Silver Prizm'. */
  variety: string | null;
  /** Sport or category, e.g. 'Baseball', 'TCG Cards'. */
  sport: string | null;
  /** Print run number, e.g. '570/999'. */
  serial: string | null;
  autographGrade: number | null;
  /** What the collector paid, in cents. */
  costCents: number | null;
  /** When they got it: YYYY-MM-DD. */
  acquiredOn: string | null;
  /** Where they got it (a shop, a break, a show). */
  source: string | null;
  notes: string | null;
}

/** Every structured field, in the order forms and exports list them. */
export const CARD_DATA_KEYS = [
  'subject',
  'year',
  'set',
  'cardNumber',
  'variety',
  'sport',
  'serial',
  'grader',
  'grade',
  'qualifier',
  'certNumber',
  'autographGrade',
  'subgrades',
  'costCents',
  'acquiredOn',
  'source',
  'notes',
] as const satisfies readonly (keyof TCardData)[];

/** The fields the title is made of (title.ts deriveTitle). */
export const TITLE_KEYS = ['year', 'set', 'subject', 'variety', 'cardNumber'] as const satisfies readonly (keyof TCardData)[];
/** The fields the description is made of (title.ts deriveDescription), and the cert: a new cert makes it again, so no old cert stays in its text. */
export const DESCRIPTION_KEYS = ['grader', 'grade', 'qualifier', 'autographGrade', 'certNumber'] as const satisfies readonly (keyof TCardData)[];

/** Longest text of each text field. */
export const CARD_TEXT_MAX = {
  qualifier: 40,
  set: 200,
  cardNumber: 40,
  subject: 200,
  variety: 200,
  sport: 60,
  serial: 20,
  source: 200,
  notes: 2000,
} as const;

/** A card with no structured field set. */
export const NO_CARD_DATA: Readonly<TCardData> = Object.freeze({
  grader: null,
  grade: null,
  qualifier: null,
  subgrades: null,
  certNumber: null,
  year: null,
  set: null,
  cardNumber: null,
  subject: null,
  variety: null,
  sport: null,
  serial: null,
  autographGrade: null,
  costCents: null,
  acquiredOn: null,
  source: null,
  notes: null,
});

/** The set fields of a card, as the API answers them (a field not set is left out). */
export type TCardDataView = { [K in keyof TCardData]?: NonNullable<TCardData[K]> };

type TUnlisted = Exclude<keyof TCardData, (typeof CARD_DATA_KEYS)[number]>;
/**
 * Compile-time check that CARD_DATA_KEYS names every field of TCardData.
 * @public nothing imports it: its type is the check
 */
export const EVERY_KEY_LISTED: TUnlisted extends never ? true : never = true;

/** The fields of `data` that are set (not null), for an answer. */
export function setFieldsOf(data: Readonly<TCardData>): TCardDataView {
  const out: Record<string, unknown> = {};
  for (const key of CARD_DATA_KEYS) if (data[key] !== null) out[key] = data[key];
  // Each key copied holds that key's own non-null value (TCardDataView is TCardData without nulls).
  return out as TCardDataView;
}

/** A card's fields as a whole TCardData from a view or a row (null where one is left out). */
export function cardDataOf(v: { [K in keyof TCardData]?: TCardData[K] | undefined }): TCardData {
  return {
    grader: v.grader ?? null,
    grade: v.grade ?? null,
    qualifier: v.qualifier ?? null,
    subgrades: v.subgrades ?? null,
    certNumber: v.certNumber ?? null,
    year: v.year ?? null,
    set: v.set ?? null,
    cardNumber: v.cardNumber ?? null,
    subject: v.subject ?? null,
    variety: v.variety ?? null,
    sport: v.sport ?? null,
    serial: v.serial ?? null,
    autographGrade: v.autographGrade ?? null,
    costCents: v.costCents ?? null,
    acquiredOn: v.acquiredOn ?? null,
    source: v.source ?? null,
    notes: v.notes ?? null,
  };
}
