/** Spec §9: the minimum password length, everywhere a password is chosen. */
export const MIN_PASSWORD_LENGTH = 6;
