import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../core/limits.ts';

const email = z.string().trim().max(254, 'is too long').pipe(z.email('must be a valid email address'));
const name = z.string().trim().min(1, 'is required').max(100, 'is too long');
/** A new password: spec §5's minimum, and a maximum that bounds hashing cost. */
export const ZNewPassword = z
  .string()
  .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`);
const anyPassword = z.string().min(1, 'is required').max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`);

export const ZRegister = z.object({ email, password: ZNewPassword, firstName: name, lastName: name });
export const ZLogin = z.object({ email: z.string().trim().min(1, 'is required').max(254, 'is too long'), password: anyPassword });
export const ZForgotPassword = z.object({ email: z.string().trim().min(1, 'is required').max(254, 'is too long') });
export const ZResetPassword = z.object({ token: z.string().min(1, 'is required').max(200, 'is too long'), password: ZNewPassword });
export const ZUpdateName = z.object({ firstName: name, lastName: name });
export const ZChangePassword = z.object({ currentPassword: anyPassword, newPassword: ZNewPassword });

export type TRegister = z.infer<typeof ZRegister>;
