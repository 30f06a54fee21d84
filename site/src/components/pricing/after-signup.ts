import { callApi } from '../../lib/api.ts';
import * as API from '../../../../core/contracts/api.ts';
import { TRIAL_INTENT_KEY } from '../../lib/session-flags.ts';
import { flashToast, type TToastInput } from '../../stores/toast.ts';
import { setUser } from '../../stores/user.ts';
import { clearAnonymousCollection, readAnonymousCollection } from '../../stores/anonymous-collection.ts';
import { toGalleryCards, type TGalleryCard } from '../../../../core/transfer.ts';
import type { TAccountAnswer } from '../../../../core/contracts/auth.types.ts';

/** Where a new account (or a started trial) lands (docs/product.md §2 /pricing). */
export const AFTER_SIGNUP_PATH = '/gallery';

/** Outcome of moving the browser's cards into the account. */
type TTransfer = { kind: 'none' } | { kind: 'done'; count: number } | { kind: 'failed' };

/** True when the visitor pressed 'Start Free Trial' on the anonymous wall in this tab. */
export function hasTrialIntent(): boolean {
  try {
    return sessionStorage.getItem(TRIAL_INTENT_KEY) === 'true';
  } catch {
    return false;
  }
}

function forgetTrialIntent(): void {
  try {
    sessionStorage.removeItem(TRIAL_INTENT_KEY);
  } catch {
    // Nothing to forget without storage.
  }
}

/** The browser's anonymous cards in the pricing page's transfer form ('' for a missing value, docs/product.md §3), or undefined when none. */
export function anonymousCardsToSend(): TGalleryCard[] | undefined {
  const cards = readAnonymousCollection();
  return cards.length > 0 ? toGalleryCards(cards, '') : undefined;
}

/** docs/product.md §4: moves the stored cards (POST /api/transfer-collection); a failure keeps the local copy. */
async function transferAnonymousCards(): Promise<TTransfer> {
  const collectionData = anonymousCardsToSend();
  if (!collectionData) return { kind: 'none' };
  try {
    const result = await callApi(API.transferCollection, { body: { collectionData } });
    clearAnonymousCollection();
    return { kind: 'done', count: result.transferred };
  } catch {
    return { kind: 'failed' };
  }
}

/** The cards the server moved with the account or trial; otherwise moves what the browser still holds. */
async function settleTransfer(answer: TAccountAnswer): Promise<TTransfer> {
  const moved = answer.cardsMoved;
  if (!moved) return transferAnonymousCards();
  if (!moved.ok) return { kind: 'failed' };
  clearAnonymousCollection();
  return { kind: 'done', count: moved.transferred };
}

const cardsText = (n: number) => (n === 1 ? '1 card' : `${n} cards`);

/** The welcome shown on /gallery (docs/product.md §4, §8). */
function welcome(user: TAccountAnswer, transfer: TTransfer): TToastInput {
  if (transfer.kind === 'failed') {
    return { title: 'Migration Error', description: 'There was an issue transferring your collection. Please contact support.', variant: 'error' };
  }
  const count = transfer.kind === 'done' ? transfer.count : 0;
  // The spec's transfer line: 'n cards moved to your PRO gallery.' (the PRO word only for an account that has PRO features).
  const moved = `${cardsText(count)} moved to your ${user.hasProFeatures ? 'PRO ' : ''}gallery.`;
  if (user.isTrialActive) {
    // A trial started with the sign-up says so first (docs/choices.md 47); the cards it brought along on a second line.
    const started = 'Your 7-day free trial has started. Enjoy full PRO features!';
    return { title: 'Welcome to Ratio PRO!', description: count > 0 ? `${started}\n${moved}` : started, variant: 'success' };
  }
  if (count > 0) return { title: 'Collection Transferred!', description: moved, variant: 'success' };
  return { title: 'Welcome back!', description: 'Your account is ready.', variant: 'success' };
}

/**
 * What happens once an account exists or a trial started (docs/product.md §4 "After signup or trial start"):
 * the anonymous cards move to the account (the server may already have moved them), the local
 * copy is deleted, the welcome toast is kept for the next page, then /gallery.
 */
export async function afterSignup(answer: TAccountAnswer): Promise<void> {
  setUser(answer);
  const transfer = await settleTransfer(answer);
  forgetTrialIntent();
  flashToast(welcome(answer, transfer));
  window.location.assign(AFTER_SIGNUP_PATH);
}
