/** Money in CSV cells. */

/** Cents as a plain dollar amount a spreadsheet reads as a number ('1250.50'); '' for none. */
export function centsCell(cents: number | null): string {
  if (cents === null) return '';
  // A loss is a gain below zero: '-5.50', never '-5.-50'.
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
