/**
 * Limits of CSV import (docs/choices.md 29). Plain constants, no zod: the site imports them too, and zod in
 * a page's bundle probes eval, which the Content-Security-Policy refuses.
 */

/** Largest CSV accepted (a full 1,000-card export is ~300 KB; PSA exports carry more columns). */
export const MAX_IMPORT_BYTES = 4 * 1024 * 1024;
/** Most data rows one import reads; a bigger file is refused before any row is checked. */
export const MAX_IMPORT_ROWS = 5000;
/** How many preview cards and errors an answer lists at most (the counts are always whole). */
export const PREVIEW_LIST_MAX = 200;
/** Rows a preview checks against PSA at most (the rest show unchecked). */
export const PSA_CHECK_MAX = 50;
