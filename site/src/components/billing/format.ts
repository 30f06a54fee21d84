import { formatShortDate } from '../../../../core/format.ts';

/** A date the way billing screens show it, e.g. 'Dec 23, 2026'. */
export function formatDate(iso: string): string {
  return formatShortDate(iso);
}
