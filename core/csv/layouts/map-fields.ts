/** The fields a column of another app's file can be mapped to (plain constants: the dialog's mapping step lists them). */

/** What a column can be mapped to. */
export const MAP_FIELDS = [
  'title',
  'subject',
  'year',
  'set',
  'cardNumber',
  'variety',
  'sport',
  'serial',
  'grader',
  'grade',
  'certNumber',
  'autographGrade',
  'value',
  'cost',
  'acquiredOn',
  'source',
  'notes',
  'quantity',
] as const;
export type TMapField = (typeof MAP_FIELDS)[number];

/** Which column (by its header name) holds each field; a field left out is not in the file. */
export type TColumnMapping = Partial<Record<TMapField, string>>;

/** Each field's name in the mapping step. */
export const MAP_FIELD_LABELS: Readonly<Record<TMapField, string>> = {
  title: 'Card name (year, set and player in one)',
  subject: 'Player',
  year: 'Year',
  set: 'Set or brand',
  cardNumber: 'Card Number',
  variety: 'Variety or parallel',
  sport: 'Sport or category',
  serial: 'Serial',
  grader: 'Grader',
  grade: 'Grade',
  certNumber: 'Cert Number',
  autographGrade: 'Autograph Grade',
  value: 'Value',
  cost: 'Cost',
  acquiredOn: 'Date Acquired',
  source: 'Source',
  notes: 'Notes',
  quantity: 'Quantity',
};
