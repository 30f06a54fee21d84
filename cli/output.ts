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
