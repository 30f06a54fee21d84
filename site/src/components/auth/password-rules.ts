import { PASSWORD_MIN } from '../../../../core/limits.ts';
import type { TToastInput } from '../../stores/toast.ts';

/** docs/product.md §9: the minimum password length, everywhere a password is chosen (the server's own rule). */
export const MIN_PASSWORD_LENGTH = PASSWORD_MIN;

/** docs/product.md §5's 'Password Too Short' toast when a chosen password is under the minimum, else null. */
export function passwordTooShort(password: string): TToastInput | null {
  if (password.length >= MIN_PASSWORD_LENGTH) return null;
  return { title: 'Password Too Short', description: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`, variant: 'error' };
}

/**
 * The first problem with a new password typed twice: docs/product.md §5's 'Password Mismatch' toast (with the
 * screen's own `mismatch` wording) when the two differ, then 'Password Too Short'; null when fine.
 */
export function newPasswordProblem(password: string, confirm: string, mismatch: string): TToastInput | null {
  if (password !== confirm) return { title: 'Password Mismatch', description: mismatch, variant: 'error' };
  return passwordTooShort(password);
}
