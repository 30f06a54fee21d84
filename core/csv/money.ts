/** Money in CSV cells. */

/** Cents as a plain dollar amount a spreadsheet reads as a number ('1250.50'); '' for none. */
export function centsCell(cents: number | null): string {
  if (cents === null) return '';
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
