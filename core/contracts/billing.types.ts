/**
 * Contracts of the billing calls (docs/product.md §3 Subscription status, §7): request schemas and answers,
 * for Stripe and for local billing (test mode). Every answer the site shows carries `billing`,
 * so test mode is never mistaken for real payment.
 */
import { z } from 'zod';
import type { TSubscriptionStatus } from '../account.ts';
import type { TBillingMode, TTestCard } from '../billing.ts';
import type { TUserView } from './user.types.ts';
import { ZName, ZNewPassword } from './user.types.ts';

export type { TBillingMode } from '../billing.ts';

/** GET /api/billing/config: what the payment step needs to draw itself. */
export interface TBillingConfig {
  billing: TBillingMode;
  /** Stripe.js publishable key (Stripe only). */
  publishableKey: string | null;
  priceCents: number;
  currency: 'usd';
  interval: 'month';
  /** Local billing's test cards (empty with Stripe). */
  testCards: readonly TTestCard[];
}

/** GET /api/subscription/status: docs/product.md §3 Subscription status, plus what the server will accept. */
export interface TSubscriptionStatusView {
  isPro: boolean;
  status: TSubscriptionStatus;
  message: string;
  /** Days left of the trial, the grace period or data retention; null when no clock runs. */
  daysLeft: number | null;
  gracePeriodEndDate: string | null;
  /** Data retention: when cards past slot 10 are due for deletion. */
  dataDeletionDate: string | null;
  /** The provider's subscription while one is in force (the spec's name, whichever provider). */
  stripeDetails: { nextBillingDate: string | null; cancelAtPeriodEnd: boolean } | null;
  /** A renewal payment failed (retrying, or given up: suspended). */
  paymentFailing: boolean;
  /** The actions the server accepts now; the UI offers exactly these. */
  actions: { subscribe: boolean; cancel: boolean; reactivate: boolean; portal: boolean };
  billing: TBillingMode;
}

/** The first payment of a new subscription, confirmed by the client (Stripe.js or the TEST MODE form). */
export interface TPaymentStep {
  clientSecret: string;
  subscriptionId: string;
  billing: TBillingMode;
  /**
   * When the first charge falls (ISO), or null when it is due now. Set when the upgrade is made
   * during the trial: the paid period starts at the trial's end and the client only confirms the
   * card now (docs/choices.md 47 item 13).
   */
  firstChargeAt: string | null;
}

/**
 * POST /api/create-subscription: a signed-in user gets a payment step (go to /payment with both
 * values); a visitor with no account gets a hosted checkout (opened in a new tab) that returns to
 * /complete-setup?session_id=….
 */
export type TCreateSubscriptionAnswer = TPaymentStep | { checkoutUrl: string; billing: TBillingMode };

/** POST /api/sync-subscription-status: the state after reading the provider. */
export interface TSyncAnswer {
  user: TUserView;
  subscription: TSubscriptionStatusView;
}

/** POST /api/subscription/cancel. */
export interface TCancelAnswer {
  message: string;
  subscription: TSubscriptionStatusView;
}

/**
 * POST /api/subscription/reactivate: 'reactivated' (a cancelled subscription with time left runs
 * on), 'payment' (the subscription ended: pay again on /payment), 'portal' (an unpaid renewal:
 * update the card in the billing portal).
 */
export type TReactivateAnswer =
  | { action: 'reactivated'; message: string; subscription: TSubscriptionStatusView }
  | ({ action: 'payment' } & TPaymentStep)
  | { action: 'portal'; url: string; billing: TBillingMode };

/** POST /api/subscription/portal. */
export interface TPortalAnswer {
  url: string;
  billing: TBillingMode;
}

/**
 * GET /api/checkout-session/{sessionId}: the email, for the read-only field, and whether the
 * checkout gave the payer's name (when not, /complete-setup asks for it: docs/choices.md 47 item 12).
 */
export interface TCheckoutSessionAnswer {
  email: string;
  nameKnown: boolean;
}

/** POST /api/complete-account-setup (docs/product.md §7): the paid checkout becomes an account. */
export const ZCompleteSetup = z.object({
  sessionId: z.string().min(1, 'is required').max(300, 'is too long'),
  password: ZNewPassword,
  /** Required when the checkout gave no name (nameKnown false); otherwise they replace it. */
  firstName: ZName.optional(),
  lastName: ZName.optional(),
});

/** A checkout session id in a path. */
export const ZCheckoutSessionParams = z.object({ sessionId: z.string().min(1).max(300) });
/** A subscription id in a path. */
export const ZSubscriptionParams = z.object({ subscriptionId: z.string().min(1).max(300) });

/* ---------- Local billing (test mode) ---------- */

/** A card typed on the TEST MODE form: number, MM/YY expiry and CVC. Never a real card. */
export const ZTestCard = z.object({
  number: z
    .string()
    .trim()
    .regex(/^[\d -]{12,23}$/, 'must be a card number'),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, 'must be MM/YY'),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, 'must be 3 or 4 digits'),
});
export type TTestCardInput = z.infer<typeof ZTestCard>;

/** POST /api/billing/test/pay: confirms the first payment of a subscription (the Payment Element's stand-in). */
export const ZTestPay = z.object({ clientSecret: z.string().min(1).max(300), card: ZTestCard });

/** POST /api/billing/test/checkout/{sessionId}/pay: the hosted checkout's stand-in. */
export const ZTestCheckoutPay = z.object({
  email: z.string().trim().max(254, 'is too long').pipe(z.email('must be a valid email address')),
  card: ZTestCard,
});

/** POST /api/billing/test/portal/payment-method: replaces the card (and pays an unpaid renewal). */
export const ZTestPaymentMethod = z.object({ card: ZTestCard });

/** GET /api/billing/test/checkout/{sessionId}. */
export interface TTestCheckoutView {
  sessionId: string;
  status: 'open' | 'complete' | 'expired';
  email: string | null;
  priceCents: number;
  billing: TBillingMode;
}

/** POST /api/billing/test/checkout/{sessionId}/pay answer: where the browser goes next. */
export interface TTestCheckoutPaid {
  redirectUrl: string;
}

/** GET /api/billing/test/portal: the stand-in for Stripe's billing portal. */
export interface TTestPortalView {
  subscription: TSubscriptionStatusView;
  /** The card on file, as a portal shows it. */
  card: { last4: string; expiry: string } | null;
  returnUrl: string;
  billing: TBillingMode;
}

/** A TEST MODE checkout's id in a path. */
export const ZTestSessionParams = z.object({ sessionId: z.string().min(1).max(100) });
