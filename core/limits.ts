/** Business constants of docs/product.md §9 and docs/choices.md, shared by site, api and cli. */
export const ANONYMOUS_SLOTS = 3;
export const FREE_SLOTS = 10;
export const PRO_SLOTS = 1000;
export const ALMOST_FULL_AT = 8;
export const TRIAL_DAYS = 7;
export const PRO_PRICE_CENTS = 1000;
export const PASSWORD_MIN = 6;
/** Upper bound on password length: keeps hashing cost bounded against huge inputs. */
export const PASSWORD_MAX = 128;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Longest data URL header read (`data:<type>;<params>;base64,`); real ones are under 60 characters. */
export const MAX_DATA_URL_HEADER = 256;
/** Longest data URL accepted: the header plus a 10 MB image as base64. */
export const MAX_DATA_URL_LENGTH = MAX_DATA_URL_HEADER + Math.ceil(MAX_IMAGE_BYTES / 3) * 4;
/** docs/choices.md 6: after a cancelled subscription's period ends, cards past slot 10 are kept this long. */
export const RETENTION_DAYS = 30;
export const DAY_MS = 24 * 60 * 60 * 1000;
