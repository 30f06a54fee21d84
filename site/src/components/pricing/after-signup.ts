import { apiRequest } from '../../lib/api.ts';
import { flashToast, type TToastInput } from '../../stores/toast.ts';
import type { TRegisterResult } from '../../stores/user.ts';
import { clearAnonymousCollection, readAnonymousCollection } from '../../stores/anonymous-collection.ts';
import { toGalleryCards } from '../../../../core/transfer.ts';

/** Where a new account lands (spec §2 /pricing: "Success goes to /gallery"). */
export const AFTER_SIGNUP_PATH = '/gallery';

/** Outcome of moving the browser's cards into the new account. */
type TTransfer = { kind: 'none' } | { kind: 'done'; count: number } | { kind: 'failed' };

/**
 * Spec §4: the stored anonymous cards are transferred (POST /api/transfer-collection, pricing-page
 * form: '' for a missing value), then the local copy is deleted. A failed transfer keeps the local
 * copy so nothing is lost.
 */
async function transferAnonymousCards(): Promise<TTransfer> {
  const cards = readAnonymousCollection();
  if (cards.length === 0) return { kind: 'none' };
  try {
    const result = await apiRequest<{ transferred: number }>('POST', '/api/transfer-collection', {
      collectionData: toGalleryCards(cards, ''),
    });
    clearAnonymousCollection();
    return { kind: 'done', count: result.transferred };
  } catch {
    return { kind: 'failed' };
  }
}

/** The welcome shown on /gallery (spec §4, §8). */
function welcome(user: TRegisterResult, transfer: TTransfer): TToastInput {
  if (transfer.kind === 'failed') {
    return { title: 'Migration Error', description: 'There was an issue transferring your collection. Please contact support.', variant: 'error' };
  }
  if (user.isTrialActive) {
    return { title: 'Welcome to Ratio PRO!', description: 'Your 7-day free trial has started. Enjoy full PRO features!', variant: 'success' };
  }
  if (transfer.kind === 'done' && transfer.count > 0) {
    const cards = transfer.count === 1 ? '1 card' : `${transfer.count} cards`;
    return { title: 'Collection Transferred!', description: `${cards} moved to your gallery.`, variant: 'success' };
  }
  return { title: 'Welcome back!', description: 'Your account is ready.', variant: 'success' };
}

/**
 * What happens once an account exists (spec §4 "After signup or trial start"): the anonymous
 * cards move to the account, the welcome toast is kept for the next page, then /gallery.
 */
export async function afterSignup(user: TRegisterResult): Promise<void> {
  const transfer = await transferAnonymousCards();
  flashToast(welcome(user, transfer));
  window.location.assign(AFTER_SIGNUP_PATH);
}
