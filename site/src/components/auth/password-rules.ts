import { PASSWORD_MIN } from '../../../../core/limits.ts';

/** Spec §9: the minimum password length, everywhere a password is chosen (the server's own rule). */
export const MIN_PASSWORD_LENGTH = PASSWORD_MIN;
