/**
 * Contracts of sign-up, sign-in and password reset (docs/product.md §3 Registration and Login payloads, §7).
 */
import { z } from 'zod';
import { ZAnonymousCards } from './cards.types.ts';
import { ZAnyPassword, ZName, ZNewPassword, type TUserView } from './user.types.ts';

const email = z.string().trim().max(254, 'is too long').pipe(z.email('must be a valid email address'));

/**
 * POST /api/register (docs/product.md §3 Registration payload). A visitor who pressed 'Start Free Trial'
 * sends `startTrial: true`, and the anonymous cards as `collectionData`: account, trial and cards
 * are then saved in one transaction.
 */
export const ZRegister = z.object({
  email,
  password: ZNewPassword,
  firstName: ZName,
  lastName: ZName,
  startTrial: z.boolean().optional(),
  collectionData: ZAnonymousCards.optional(),
});
export type TRegister = z.infer<typeof ZRegister>;

/** POST /api/start-free-trial: an empty body, or the anonymous cards to move in the same transaction. */
export const ZStartTrial = z.object({ collectionData: ZAnonymousCards.optional() });

/** POST /api/login (docs/product.md §3 Login payload). */
export const ZLogin = z.object({ email: z.string().trim().min(1, 'is required').max(254, 'is too long'), password: ZAnyPassword });
/** POST /api/forgot-password. */
export const ZForgotPassword = z.object({ email: z.string().trim().min(1, 'is required').max(254, 'is too long') });
/** POST /api/reset-password. */
export const ZResetPassword = z.object({ token: z.string().min(1, 'is required').max(200, 'is too long'), password: ZNewPassword });

/** What happened to the anonymous cards sent with sign-up or trial start. */
export type TCardsMoved =
  | { ok: true; transferred: number; skipped: number }
  /** The account (and trial) stand; the cards stay in the browser. */
  | { ok: false; message: string };

/** POST /api/register and POST /api/start-free-trial answer: the user, and the cards moved if any were sent. */
export type TAccountAnswer = TUserView & { cardsMoved?: TCardsMoved };
