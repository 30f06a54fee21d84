import { flashToast } from '../../stores/toast.ts';
import type { TRegisterResult } from '../../stores/user.ts';

/** Where a new account lands (spec §2 /pricing: "Success goes to /gallery"). */
export const AFTER_SIGNUP_PATH = '/gallery';

/**
 * What happens once an account exists (spec §4 "After signup or trial start"): the welcome toast
 * for the next page, then /gallery.
 *
 * COLLECTION TRANSFER: the anonymous cards (stores/anonymous-collection.ts) are to be sent with
 * POST /api/transfer-collection and the local copy deleted, before navigating. That store is
 * built separately; hook the transfer in here.
 */
export async function afterSignup(user: TRegisterResult): Promise<void> {
  flashToast(
    user.isTrialActive
      ? { title: 'Welcome to Ratio PRO!', description: 'Your 7-day free trial has started. Enjoy full PRO features!', variant: 'success' }
      : { title: 'Welcome back!', description: 'Your account is ready.', variant: 'success' },
  );
  window.location.assign(AFTER_SIGNUP_PATH);
}
