/**
 * Spreadsheet formula injection (OWASP "CSV Injection"): a cell whose first non-blank character is
 * = + - @ (spreadsheets skip leading spaces and line breaks before a formula, docs/choices.md 43), or that
 * starts with a tab or a carriage return, may run as a formula when the file is opened in Excel,
 * Sheets or LibreOffice.
 * Exported cells get a leading apostrophe, which spreadsheets show as text; import takes it off
 * again, so a round trip keeps what the user typed.
 */
const FORMULA_START = /^(\s*[=+\-@]|[\t\r])/;

/** The cell as it is safe to write into a CSV file. */
export function escapeCell(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** A cell read from a CSV file with the export's escape taken off. */
export function unescapeCell(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}
