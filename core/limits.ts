/** Business constants of spec §9 and decisions.md, shared by site, api and cli. */
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
