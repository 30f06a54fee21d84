/**
 * Billing on the site (docs/product.md §2 /pricing, /payment, /account; §7 billing calls; §8): the billing
 * config and the subscription status as atoms, and the only functions that call the billing API.
 * The server decides every state and action; these functions only carry its answers.
 */
import { atom } from 'nanostores';
import { callApi } from '../lib/api.ts';
import * as API from '../../../core/contracts/api.ts';
import type { TBillingConfig, TPaymentStep, TSubscriptionStatusView, TSyncAnswer, TTestCardInput } from '../../../core/contracts/billing.types.ts';
import { attempt } from './attempt.ts';
import { toast } from './toast.ts';
import { loadUser, setUser } from './user.ts';

/** GET /api/billing/config, once loaded (null until then). */
export const $billingConfig = atom<TBillingConfig | null>(null);
/** GET /api/subscription/status: undefined while loading, null when it failed. */
export const $subscription = atom<TSubscriptionStatusView | null | undefined>(undefined);

let configRequest: Promise<TBillingConfig> | null = null;

/** Loads the billing config once per page (a failure may be retried). */
export function loadBillingConfig(): Promise<TBillingConfig> {
  configRequest ??= callApi(API.billingConfig).then(
    (config) => {
      $billingConfig.set(config);
      return config;
    },
    (err: unknown) => {
      configRequest = null;
      throw err;
    },
  );
  return configRequest;
}

/** Loads the signed-in user's subscription status (null in the atom when it fails). */
export async function loadSubscription(): Promise<TSubscriptionStatusView | null> {
  try {
    const status = await callApi(API.subscriptionStatus);
    $subscription.set(status);
    return status;
  } catch {
    $subscription.set(null);
    return null;
  }
}

/** Where a payment step is completed (docs/product.md §7: /payment with both values as query parameters). */
export function paymentPath(step: Pick<TPaymentStep, 'clientSecret' | 'subscriptionId'> & Partial<Pick<TPaymentStep, 'firstChargeAt'>>): string {
  const query = new URLSearchParams({ client_secret: step.clientSecret, subscription_id: step.subscriptionId });
  // Upgraded during the trial: the card is charged when the trial ends (the payment step says so).
  if (step.firstChargeAt) query.set('first_charge', step.firstChargeAt);
  return `/payment?${query.toString()}`;
}

/** GET /api/subscription/:id/payment-intent: the pending step of one of the user's subscriptions. */
export function pendingPaymentStep(subscriptionId: string): Promise<TPaymentStep> {
  return callApi(API.paymentIntent, { params: { subscriptionId } });
}

/** Opens a provider page in a new tab (docs/product.md §7), or here when the browser blocks the tab. */
function openInNewTab(url: string): void {
  // Not the 'noopener' feature: with it window.open answers null, and a blocked tab could not be told apart.
  const tab = window.open(url, '_blank');
  if (tab) tab.opener = null;
  else window.location.assign(url);
}

/** The paths a started subscription leads to: /payment, or a hosted checkout. */
export type TCheckoutStart = { kind: 'payment'; path: string } | { kind: 'checkout'; url: string };

/**
 * POST /api/create-subscription (or create-trial-upgrade-checkout for a running trial): where the
 * payment happens next. Rejects with 'No payment details received' when the answer lacks them.
 */
export async function startCheckout(trialUpgrade: boolean): Promise<TCheckoutStart> {
  const answer = trialUpgrade ? await callApi(API.createTrialUpgradeCheckout) : await callApi(API.createSubscription);
  if ('checkoutUrl' in answer && answer.checkoutUrl) return { kind: 'checkout', url: answer.checkoutUrl };
  if (!('clientSecret' in answer) || !answer.clientSecret || !answer.subscriptionId) throw new Error('No payment details received');
  return { kind: 'payment', path: paymentPath(answer) };
}

/** Opens a guest's hosted checkout in a new tab (docs/product.md §7 create-subscription). */
export function openCheckout(url: string): void {
  openInNewTab(url);
}

/** POST /api/sync-subscription-status: reads the provider and caches the user and status. */
export async function syncSubscription(): Promise<TSyncAnswer> {
  const answer = await callApi(API.syncSubscription);
  setUser(answer.user);
  $subscription.set(answer.subscription);
  return answer;
}

/** Where a finished payment goes (docs/product.md §4 Payment). */
export const UPGRADE_DONE_PATH = '/account?upgrade=success';

/** Local billing (TEST MODE): pays the first invoice with a test card. Rejects with the provider's words. */
export async function payWithTestCard(clientSecret: string, card: TTestCardInput): Promise<void> {
  const answer = await callApi(API.testPay, { body: { clientSecret, card } });
  setUser(answer.user);
  $subscription.set(answer.subscription);
}

/** Reloads the user after the subscription changed, so header, badge and banners follow. */
async function refreshUser(): Promise<void> {
  await loadUser().catch(() => undefined);
}

/** Cancel at period end (docs/product.md §2 /account). Resolves true when the server accepted it. */
export async function cancelSubscription(): Promise<boolean> {
  const done = await attempt({ failure: 'Failed to cancel subscription. Please try again.' }, async () => {
    const answer = await callApi(API.cancelSubscription);
    $subscription.set(answer.subscription);
    toast({ title: 'Subscription Cancelled', description: 'PRO stays on until the end of the period you paid for.', variant: 'success' });
    await refreshUser();
    return true;
  });
  return done ?? false;
}

/**
 * Reactivate (docs/product.md §2 /account, §4 banners): a cancelled subscription with time left runs on; one
 * that ended is paid again on /payment; an unpaid renewal goes to the billing portal.
 */
export async function reactivateSubscription(): Promise<boolean> {
  const done = await attempt({ failure: 'Failed to reactivate subscription. Please try again.' }, async () => {
    const answer = await callApi(API.reactivateSubscription);
    if (answer.action === 'payment') {
      window.location.assign(paymentPath(answer));
      return true;
    }
    if (answer.action === 'portal') {
      openInNewTab(answer.url);
      return true;
    }
    $subscription.set(answer.subscription);
    toast({ title: 'Subscription Reactivated', description: 'Your PRO subscription will renew as usual.', variant: 'success' });
    await refreshUser();
    return true;
  });
  return done ?? false;
}

/** Opens the billing portal in a new tab (docs/product.md §7). Resolves true when a URL came back. */
export async function openBillingPortal(): Promise<boolean> {
  const done = await attempt({ failure: 'Failed to open billing portal. Please try again.' }, async () => {
    openInNewTab((await callApi(API.billingPortal)).url);
    return true;
  });
  return done ?? false;
}
