/** Machine output of `--json`: one JSON document, dates as ISO strings, two-space indent. */
export function printJson(value: unknown): void {
  console.log(JSON.stringify(value, null, 2));
}

/** A date option such as `--now 2026-12-01` or an ISO instant; throws a clear message otherwise. */
export function parseDateOption(name: string, value: string | undefined, fallback: Date): Date {
  if (value === undefined) return fallback;
  const at = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(at.getTime())) throw new Error(`${name} must be a date such as 2026-12-01 or 2026-12-01T09:00:00Z`);
  return at;
}

/**
 * Rows as an aligned plain-text table for a person: a header, a rule, one line per row, columns
 * padded to their widest cell (numbers right-aligned), no quotes or index column.
 */
export function formatTable(rows: readonly Record<string, string | number | boolean | null>[]): string[] {
  if (!rows.length) return [];
  const columns = Object.keys(rows[0]!);
  const cell = (v: string | number | boolean | null) => (v === null ? '-' : typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v));
  const cells = rows.map((row) => columns.map((c) => cell(row[c] ?? null)));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((r) => r[i]!.length)));
  const numeric = columns.map((_, i) => rows.every((row) => typeof row[columns[i]!] === 'number'));
  const line = (values: string[]) =>
    values
      .map((v, i) => (numeric[i] ? v.padStart(widths[i]!) : v.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(columns), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)];
}
