/**
 * The ranges the insights panel's total-value chart offers. Kept apart from the contracts (zod) so
 * the gallery's script can import them without zod, whose schemas probe `Function('')` when built:
 * the site's Content-Security-Policy forbids eval (tests/e2e/csp.test.ts).
 */
export const HISTORY_RANGES = ['30d', '90d', '1y', 'all'] as const;
export type THistoryRange = (typeof HISTORY_RANGES)[number];
