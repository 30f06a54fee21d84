/**
 * Stripe billing: the provider when Stripe keys are set. Uses the API version the installed
 * `stripe` package pins; every call Ratio makes is here (tests/helpers/stripe-emulator.ts serves
 * exactly these). Card data never reaches Ratio: the Payment Element and Checkout collect it.
 */
import type Stripe from 'stripe';
import type { TEndReason, TProviderStatus } from '../../../../core/account.ts';
import { AppError, badRequest, billingUnavailable } from '../../../errors.ts';
import type { Logger } from '../../../logger.ts';
import type { BillingProvider, TCheckoutSession, TProviderEvent, TProviderSubscription } from '../provider.ts';
import { createStripeClient, stripeSdk, type TStripeSettings } from './client.ts';
import { findProPrice } from './price.ts';

/** Events that can change a customer's subscription: each triggers one sync of that customer. */
export const SUBSCRIPTION_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'invoice.paid',
  'invoice.payment_failed',
] as const;
const HANDLED = new Set<string>(SUBSCRIPTION_EVENTS);

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));
const date = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** A Stripe subscription in the provider-neutral shape. */
export function fromStripeSubscription(sub: Stripe.Subscription): TProviderSubscription {
  const ends = sub.items.data.map((item) => item.current_period_end);
  const periodEnd = ends.length ? Math.max(...ends) : null;
  // A cancellation date before the period's end (set in the dashboard or portal) is where PRO stops.
  const end = sub.cancel_at !== null && (periodEnd === null || sub.cancel_at < periodEnd) ? sub.cancel_at : periodEnd;
  let endReason: TEndReason | null = null;
  if (sub.status === 'canceled') endReason = sub.cancellation_details?.reason === 'payment_failed' ? 'payment_failed' : 'cancelled';
  return {
    id: sub.id,
    customerId: idOf(sub.customer) ?? '',
    // A trial-end subscription whose card is not confirmed yet is not paid for: Ratio reads it as incomplete.
    status: (awaitingCard(sub) ? 'incomplete' : sub.status) as TProviderStatus,
    cancelAtPeriodEnd: sub.cancel_at_period_end || sub.cancel_at !== null,
    periodEnd: date(end),
    endedAt: date(sub.ended_at),
    endReason,
    startedAt: date(sub.start_date),
  };
}

/** A subscription made during the trial (trial_end) whose card the client has not confirmed yet. */
function awaitingCard(sub: Stripe.Subscription): boolean {
  return sub.status === 'trialing' && sub.pending_setup_intent !== null;
}

/** The card set-up secret of a trial-end subscription (its pending SetupIntent, when expanded). */
function setupSecret(sub: Stripe.Subscription): string | null {
  const intent = sub.pending_setup_intent;
  if (!intent || typeof intent === 'string') return null;
  return intent.client_secret;
}

/** The first payment's client secret of a subscription (its latest invoice's confirmation secret while open). */
function confirmationSecret(sub: Stripe.Subscription): string | null {
  const invoice = sub.latest_invoice;
  if (!invoice || typeof invoice === 'string' || invoice.status !== 'open') return null;
  return invoice.confirmation_secret?.client_secret ?? null;
}

export interface TStripeBillingOptions extends TStripeSettings {
  publishableKey: string;
  webhookSecret?: string | undefined;
  /** STRIPE_PRICE_ID; when unset the price is found by its lookup key (ratio stripe setup). */
  priceId?: string | undefined;
  log: Logger;
}

/** Stripe billing with the given keys. */
export function createStripeBilling(opts: TStripeBillingOptions): BillingProvider {
  const stripe = createStripeClient(opts);
  let priceId: Promise<string> | null = null;

  const { errors } = stripeSdk();
  /** Runs a Stripe call; an outage (network, 5xx, rate limit, bad key) becomes 503 billing_unavailable. */
  async function call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof AppError) throw err;
      const status = err instanceof errors.StripeError ? (err.statusCode ?? 0) : 0;
      const outage =
        err instanceof errors.StripeConnectionError
        || err instanceof errors.StripeAPIError
        || err instanceof errors.StripeRateLimitError
        || err instanceof errors.StripeAuthenticationError
        || status >= 500;
      opts.log.error({ err, stripeCall: what }, 'Stripe call failed');
      if (outage) throw billingUnavailable();
      throw err;
    }
  }
  const missing = (err: unknown) => err instanceof errors.StripeInvalidRequestError && err.statusCode === 404;

  const proPrice = () => {
    priceId ??= (async () => {
      if (opts.priceId) return opts.priceId;
      const found = await call('prices.list', () => findProPrice(stripe));
      if (!found) {
        opts.log.error('No PRO price in Stripe: run `ratio stripe setup` or set STRIPE_PRICE_ID');
        throw new AppError(503, 'billing_not_configured', 'PRO is not on sale yet. Please try again later or contact support.');
      }
      return found.id;
    })();
    // A failed lookup is tried again on the next call.
    priceId.catch(() => {
      priceId = null;
    });
    return priceId;
  };

  const retrieve = (id: string) =>
    call('subscriptions.retrieve', async () => {
      try {
        return await stripe.subscriptions.retrieve(id, { expand: ['latest_invoice.confirmation_secret', 'pending_setup_intent'] });
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    });

  return {
    billing: { provider: 'stripe', mode: opts.secretKey.startsWith('sk_live_') ? 'live' : 'test' },
    publishableKey: opts.publishableKey,
    ownsCustomer: (customerId) => customerId.startsWith('cus_'),

    async createCustomer(input) {
      const customer = await call('customers.create', () =>
        stripe.customers.create({ email: input.email, name: input.name, metadata: { userId: String(input.userId) } }, { idempotencyKey: input.idempotencyKey }),
      );
      return customer.id;
    },

    async listSubscriptions(customerId) {
      const list = await call('subscriptions.list', () => stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 20 }));
      return list.data.map(fromStripeSubscription);
    },

    async createSubscription(input) {
      const price = await proPrice();
      const sub = await call('subscriptions.create', () =>
        stripe.subscriptions.create(
          {
            customer: input.customerId,
            items: [{ price }],
            payment_behavior: 'default_incomplete',
            payment_settings: { save_default_payment_method: 'on_subscription', payment_method_types: ['card'] },
            // During the trial nothing is charged now: the paid period starts at the trial's end and the
            // client confirms the card through the pending SetupIntent; with no card by then, it ends.
            ...(input.trialEnd
              ? {
                  trial_end: Math.floor(input.trialEnd.getTime() / 1000),
                  trial_settings: { end_behavior: { missing_payment_method: 'cancel' as const } },
                }
              : {}),
            expand: ['latest_invoice.confirmation_secret', 'pending_setup_intent'],
            metadata: { userId: String(input.userId) },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      const clientSecret = input.trialEnd ? setupSecret(sub) : confirmationSecret(sub);
      if (!clientSecret) {
        opts.log.error({ subscriptionId: sub.id, status: sub.status }, 'new subscription has no confirmation secret');
        throw billingUnavailable();
      }
      return { subscriptionId: sub.id, clientSecret, firstChargeAt: input.trialEnd ? date(sub.trial_end) : null };
    },

    async paymentSecret(subscriptionId) {
      if (!/^sub_\w+$/.test(subscriptionId)) return null;
      const sub = await retrieve(subscriptionId);
      if (!sub) return null;
      if (awaitingCard(sub)) return { customerId: idOf(sub.customer) ?? '', clientSecret: setupSecret(sub), firstChargeAt: date(sub.trial_end) };
      return { customerId: idOf(sub.customer) ?? '', clientSecret: sub.status === 'incomplete' ? confirmationSecret(sub) : null, firstChargeAt: null };
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      const sub = await retrieve(subscriptionId);
      if (!sub) return;
      // A cancellation date set elsewhere (dashboard, portal) is taken back too.
      const params: Stripe.SubscriptionUpdateParams =
        !cancel && sub.cancel_at !== null && !sub.cancel_at_period_end ? { cancel_at: '' } : { cancel_at_period_end: cancel };
      await call('subscriptions.update', () => stripe.subscriptions.update(subscriptionId, params));
    },

    async createGuestCheckout(input) {
      const price = await proPrice();
      const session = await call('checkout.sessions.create', () =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [{ price, quantity: 1 }],
          allowed_payment_method_types: ['card'],
          // The payer's name becomes the new account's name (docs/product.md §3 User firstName, lastName).
          name_collection: { individual: { enabled: true } },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        }),
      );
      if (!session.url) throw billingUnavailable();
      return { id: session.id, url: session.url };
    },

    async getCheckoutSession(id): Promise<TCheckoutSession | null> {
      if (!/^cs_\w+$/.test(id)) return null;
      const session = await call('checkout.sessions.retrieve', async () => {
        try {
          return await stripe.checkout.sessions.retrieve(id);
        } catch (err) {
          if (missing(err)) return null;
          throw err;
        }
      });
      if (!session) return null;
      return {
        id: session.id,
        complete: session.status === 'complete' && session.mode === 'subscription',
        email: session.customer_details?.email ?? null,
        name: session.customer_details?.individual_name ?? session.customer_details?.name ?? null,
        customerId: idOf(session.customer),
      };
    },

    async createPortalSession(input) {
      const session = await call('billingPortal.sessions.create', () =>
        stripe.billingPortal.sessions.create({ customer: input.customerId, return_url: input.returnUrl }),
      );
      return session.url;
    },

    parseWebhook(rawBody, signature): TProviderEvent {
      if (!opts.webhookSecret) throw new AppError(404, 'not_found', 'Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET)');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, opts.webhookSecret);
      } catch {
        throw badRequest('invalid_signature', 'The webhook signature does not match');
      }
      if (!HANDLED.has(event.type)) return { id: event.id, type: event.type, customerId: null };
      // Every handled event's object (a Subscription, an Invoice or a Checkout Session) names its customer.
      const object = event.data.object as { customer?: string | { id: string } | null };
      return { id: event.id, type: event.type, customerId: idOf(object.customer) };
    },
  };
}
