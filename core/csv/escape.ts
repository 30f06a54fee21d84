/**
 * Spreadsheet formula injection (OWASP "CSV Injection"): a cell whose first non-blank character is
 * = + - @ (spreadsheets skip leading spaces and line breaks before a formula, docs/choices.md 43), or that
 * starts with a tab or a carriage return, may run as a formula when the file is opened in Excel,
 * Sheets or LibreOffice.
 * Exported cells get a leading apostrophe, which spreadsheets show as text; import takes it off
 * again, so a round trip keeps what the user typed. A plain negative amount ('-12.50', a loss) and
 * PSA's lone '-' for an empty cell are no formula: they stay numbers and blanks.
 */
const FORMULA_START = /^(\s*[=+\-@]|[\t\r])/;
const PLAIN = /^-(\d+(\.\d+)?)?$/;

/** The cell as it is safe to write into a CSV file. */
export function escapeCell(cell: string): string {
  return FORMULA_START.test(cell) && !PLAIN.test(cell) ? `'${cell}` : cell;
}

/** A cell read from a CSV file with the export's escape taken off. */
export function unescapeCell(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}
