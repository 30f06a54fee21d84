/**
 * The billing provider seam: Stripe (api/services/billing/stripe/) or local billing in test mode
 * (api/services/billing/local/). Routes and services talk only to this interface, so nothing else
 * branches on the mode; both feed the same syncSubscription and the same core/account.ts rule.
 */
import type { TBillingMode } from '../../../core/billing.ts';
import type { TEndReason, TProviderStatus } from '../../../core/account.ts';

/** A subscription as the provider holds it, in Stripe's vocabulary. */
export interface TProviderSubscription {
  id: string;
  customerId: string;
  status: TProviderStatus;
  cancelAtPeriodEnd: boolean;
  /** End of the current paid period (the next renewal, or when a cancelled one ends). */
  periodEnd: Date | null;
  endedAt: Date | null;
  endReason: TEndReason | null;
  /** When the subscription was created at the provider (the admin charts' PRO history). */
  startedAt: Date | null;
}

/** A hosted checkout (docs/product.md §7: a visitor with no account). */
export interface TCheckoutSession {
  id: string;
  /** True once paid: the subscription exists and the email is known. */
  complete: boolean;
  email: string | null;
  /** The name the payer gave, when the provider asked for one. */
  name: string | null;
  customerId: string | null;
}

/** An event the provider reports: which customer it concerns (the handler re-reads the rest). */
export interface TProviderEvent {
  id: string;
  type: string;
  /** Null for events that concern no customer (ignored). */
  customerId: string | null;
}

export interface BillingProvider {
  readonly billing: TBillingMode;
  /** Stripe.js key for the Payment Element (Stripe only). */
  readonly publishableKey: string | null;
  /** True when a stored customer id was made by this provider (ids from the other mode are ignored). */
  ownsCustomer(customerId: string): boolean;
  /** Creates a customer; `idempotencyKey` makes a retried call return the same one. */
  createCustomer(input: { email: string; name: string; userId: number; idempotencyKey: string }): Promise<string>;
  /** The customer's subscriptions, newest first. */
  listSubscriptions(customerId: string): Promise<TProviderSubscription[]>;
  /**
   * A subscription of the PRO price whose first payment the client confirms. With `trialEnd` (a
   * running trial) nothing is charged now: the client confirms the card (Stripe: the subscription's
   * pending SetupIntent) and the first charge falls at `trialEnd`. Until the card is confirmed the
   * subscription reads as 'incomplete'.
   */
  createSubscription(input: {
    customerId: string;
    userId: number;
    idempotencyKey: string;
    trialEnd: Date | null;
  }): Promise<{ subscriptionId: string; clientSecret: string; firstChargeAt: Date | null }>;
  /** The customer and the pending first-payment (or card set-up) secret of a subscription (null when nothing is due), or null when unknown. */
  paymentSecret(subscriptionId: string): Promise<{ customerId: string; clientSecret: string | null; firstChargeAt: Date | null } | null>;
  /** Cancels at period end (true) or takes that back (false). */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /** A hosted checkout for a visitor with no account; `successUrl` carries the session id. */
  createGuestCheckout(input: { successUrl: string; cancelUrl: string }): Promise<{ id: string; url: string }>;
  /** A checkout session, or null when unknown. */
  getCheckoutSession(id: string): Promise<TCheckoutSession | null>;
  /** The billing portal for a customer, returning to `returnUrl`. */
  createPortalSession(input: { customerId: string; returnUrl: string }): Promise<string>;
  /** Verifies a webhook on its raw body and reads its event; throws on a bad signature. Stripe only. */
  parseWebhook?(rawBody: string, signature: string): TProviderEvent;
}
