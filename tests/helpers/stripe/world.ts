/**
 * What the Stripe emulator holds (customers, prices, subscriptions with their latest invoice,
 * checkout sessions) and what tests make happen outside Ratio: Stripe.js confirming a card, a
 * hosted checkout paid, time passing (renewals, period ends), and the signed webhooks that follow.
 */
import type Stripe from 'stripe';
import type { TFormValue } from './form.ts';
import { str } from './form.ts';
import * as make from './objects.ts';

const DAY = 24 * 60 * 60;
/** Days a failed renewal is retried before Stripe gives up (its settings decide; 7 here). */
export const RETRY_DAYS = 7;

export interface TSubState {
  sub: Stripe.Subscription;
  invoice: Stripe.Invoice;
  /** Whether renewals pay with the card on file. */
  renewals: 'pay' | 'fail';
  failedAt: number | null;
  /** A trial subscription's card set-up (pending_setup_intent) until the client confirms it. */
  setup?: Stripe.SetupIntent;
}

export type TCardResult = { ok: true } | { ok: false; message: string };

const addMonth = (seconds: number) => {
  const d = new Date(seconds * 1000);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return Math.floor(d.getTime() / 1000);
};

export class StripeWorld {
  readonly customers = new Map<string, Stripe.Customer>();
  readonly prices = new Map<string, Stripe.Price>();
  readonly subscriptions = new Map<string, TSubState>();
  readonly sessions = new Map<string, Stripe.Checkout.Session>();
  /** Every event sent (or held), in order. */
  readonly events: Stripe.Event[] = [];
  /** Events not delivered because `autoDeliver` was off; tests deliver them in any order. */
  readonly held: Stripe.Event[] = [];
  autoDeliver = true;
  /** What Stripe does when retries of a renewal run out: mark the subscription unpaid, or cancel it. */
  onRetriesExhausted: 'unpaid' | 'cancel' = 'unpaid';
  private seq = 0;
  private appUrl: string | null = null;
  private clock: () => Date = () => new Date();
  private delivery: Promise<unknown> = Promise.resolve();
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(stripe: Stripe, webhookSecret: string) {
    this.stripe = stripe;
    this.webhookSecret = webhookSecret;
  }

  /** Where webhooks go, and the clock the world shares with the app. */
  attach(opts: { appUrl: string; clock: () => Date }): void {
    this.appUrl = opts.appUrl;
    this.clock = opts.clock;
  }

  nextId(): string {
    this.seq += 1;
    return `${this.seq.toString(36)}emu${Math.random().toString(36).slice(2, 8)}`;
  }

  seconds(): number {
    return Math.floor(this.clock().getTime() / 1000);
  }

  createCustomer(email: string | null, name: string | null): Stripe.Customer {
    const customer = make.customer({ id: `cus_${this.nextId()}`, email, name, created: this.seconds() });
    this.customers.set(customer.id, customer);
    return customer;
  }

  createPrice(fields: { lookup_key: string | null; unit_amount: number; currency: string }): Stripe.Price {
    const price = make.price({
      id: `price_${this.nextId()}`,
      active: true,
      created: this.seconds(),
      type: 'recurring',
      product: `prod_${this.nextId()}`,
      recurring: { interval: 'month', interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' },
      ...fields,
    });
    this.prices.set(price.id, price);
    return price;
  }

  /** A customer's subscriptions, newest first. */
  subscriptionsOf(customerId: string): TSubState[] {
    return [...this.subscriptions.values()].filter((s) => s.sub.customer === customerId).reverse();
  }

  /** A subscription as the API answers it: the latest invoice expanded (and its confirmation secret included) only when asked. */
  present(state: TSubState, expand: string[]): Stripe.Subscription {
    const pending = state.sub.pending_setup_intent;
    if (pending && state.setup && expand.includes('pending_setup_intent')) {
      return this.present(
        { ...state, sub: { ...state.sub, pending_setup_intent: state.setup } },
        expand.filter((e) => e !== 'pending_setup_intent'),
      );
    }
    if (!expand.some((e) => e.startsWith('latest_invoice'))) return { ...state.sub, latest_invoice: state.invoice.id };
    const { confirmation_secret: secret, ...invoice } = state.invoice;
    const latest: Stripe.Invoice = expand.includes('latest_invoice.confirmation_secret') ? { ...invoice, confirmation_secret: secret ?? null } : invoice;
    return { ...state.sub, latest_invoice: latest };
  }

  private openInvoice(customer: string, subscriptionId: string, periodStart: number): Stripe.Invoice {
    const id = `in_${this.nextId()}`;
    return make.invoice({
      id,
      customer,
      status: 'open',
      currency: 'usd',
      amount_due: 1000,
      amount_remaining: 1000,
      total: 1000,
      subtotal: 1000,
      created: this.seconds(),
      period_start: periodStart,
      period_end: addMonth(periodStart),
      confirmation_secret: { client_secret: `pi_${this.nextId()}_secret_${this.nextId()}`, type: 'payment_intent' },
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: null, subscription: subscriptionId } },
    });
  }

  /** A subscription's one item (of `priceId`, for the period `start`..`end`), as the list the subscription holds. */
  private itemList(subscriptionId: string, priceId: string, start: number, end: number): Stripe.ApiList<Stripe.SubscriptionItem> {
    const item = make.subscriptionItem({
      id: `si_${this.nextId()}`,
      created: start,
      current_period_start: start,
      current_period_end: end,
      price: this.prices.get(priceId)!,
      subscription: subscriptionId,
    });
    return { object: 'list', data: [item], has_more: false, url: `/v1/subscription_items?subscription=${subscriptionId}` };
  }

  /** POST /v1/subscriptions with payment_behavior=default_incomplete: incomplete until the first invoice is paid. */
  createIncompleteSubscription(customer: string, priceId: string): TSubState {
    const now = this.seconds();
    const id = `sub_${this.nextId()}`;
    const items = this.itemList(id, priceId, now, addMonth(now));
    const invoice = this.openInvoice(customer, id, now);
    const sub = make.subscription({
      id,
      customer,
      status: 'incomplete',
      created: now,
      start_date: now,
      currency: 'usd',
      latest_invoice: invoice.id,
      items,
    });
    const state: TSubState = { sub, invoice, renewals: 'pay', failedAt: null };
    this.subscriptions.set(id, state);
    return state;
  }

  /**
   * POST /v1/subscriptions with trial_end (and payment_behavior=default_incomplete): trialing at
   * once with a paid $0 invoice and a pending SetupIntent for the card; the first charge falls at trial_end.
   */
  createTrialSubscription(customer: string, priceId: string, trialEnd: number): TSubState {
    const now = this.seconds();
    const id = `sub_${this.nextId()}`;
    const items = this.itemList(id, priceId, now, trialEnd);
    const invoice = make.invoice({
      id: `in_${this.nextId()}`,
      customer,
      status: 'paid',
      currency: 'usd',
      amount_due: 0,
      amount_paid: 0,
      amount_remaining: 0,
      total: 0,
      subtotal: 0,
      created: now,
      period_start: now,
      period_end: now,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: null, subscription: id } },
    });
    const setupId = `seti_${this.nextId()}`;
    const setup = make.setupIntent({ id: setupId, client_secret: `${setupId}_secret_${this.nextId()}`, customer, created: now });
    const sub = make.subscription({
      id,
      customer,
      status: 'trialing',
      created: now,
      start_date: now,
      currency: 'usd',
      latest_invoice: invoice.id,
      trial_start: now,
      trial_end: trialEnd,
      pending_setup_intent: setupId,
      trial_settings: { end_behavior: { missing_payment_method: 'cancel' } } as Stripe.Subscription.TrialSettings,
      items,
    });
    const state: TSubState = { sub, invoice, renewals: 'pay', failedAt: null, setup };
    this.subscriptions.set(id, state);
    this.subscriptionEvent(state, 'customer.subscription.created');
    return state;
  }

  /** POST /v1/subscriptions/{id}: cancel_at_period_end, or clearing cancel_at. */
  updateSubscription(state: TSubState, params: Record<string, TFormValue>): void {
    const cancel = str(params.cancel_at_period_end);
    if (cancel !== undefined) state.sub = { ...state.sub, cancel_at_period_end: cancel === 'true', canceled_at: cancel === 'true' ? this.seconds() : null };
    if (str(params.cancel_at) === '') state.sub = { ...state.sub, cancel_at: null };
    this.emit({ ...this.eventBase(), type: 'customer.subscription.updated', data: { object: this.present(state, []) } });
  }

  createCheckout(successUrl: string, cancelUrl: string): Stripe.Checkout.Session {
    const id = `cs_test_${this.nextId()}`;
    const session = make.checkoutSession({
      id,
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      created: this.seconds(),
      expires_at: this.seconds() + DAY,
      success_url: successUrl,
      cancel_url: cancelUrl,
      url: `https://checkout.stripe.test/c/pay/${id}`,
      allowed_payment_method_types: ['card'],
    });
    this.sessions.set(id, session);
    return session;
  }

  private eventBase() {
    return {
      id: `evt_${this.nextId()}`,
      object: 'event' as const,
      api_version: '2026-10-28.endive',
      created: this.seconds(),
      livemode: false,
      pending_webhooks: 1,
      request: null,
    };
  }

  private period(state: TSubState): { start: number; end: number } {
    const item = state.sub.items.data[0]!;
    return { start: item.current_period_start, end: item.current_period_end };
  }

  private setPeriod(state: TSubState, start: number): void {
    const item = { ...state.sub.items.data[0]!, current_period_start: start, current_period_end: addMonth(start) };
    state.sub = { ...state.sub, items: { ...state.sub.items, data: [item] } };
  }

  private paid(state: TSubState): void {
    const now = this.seconds();
    state.invoice = {
      ...state.invoice,
      status: 'paid',
      amount_paid: 1000,
      amount_remaining: 0,
      status_transitions: { ...state.invoice.status_transitions, paid_at: now },
    };
    this.emit({ ...this.eventBase(), type: 'invoice.paid', data: { object: state.invoice } });
  }

  private subscriptionEvent(state: TSubState, type: 'customer.subscription.created' | 'customer.subscription.updated' | 'customer.subscription.deleted'): void {
    const object = this.present(state, []);
    if (type === 'customer.subscription.created') this.emit({ ...this.eventBase(), type, data: { object } });
    else if (type === 'customer.subscription.updated') this.emit({ ...this.eventBase(), type, data: { object } });
    else this.emit({ ...this.eventBase(), type, data: { object } });
  }

  /** Cancels a subscription at `endedAt` for `reason` and sends customer.subscription.deleted. */
  private end(state: TSubState, endedAt: number, reason: 'cancellation_requested' | 'payment_failed'): void {
    state.sub = {
      ...state.sub,
      status: 'canceled',
      ended_at: endedAt,
      cancellation_details: { comment: null, feedback: null, feedback_option: null, reason },
    };
    this.subscriptionEvent(state, 'customer.subscription.deleted');
  }

  /**
   * Stripe.js confirming a subscription's first payment on /payment: a declined card leaves it
   * incomplete with Stripe's message; a good one pays the invoice, activates the subscription and
   * sends invoice.paid and customer.subscription.updated.
   */
  async confirmPayment(clientSecret: string, card: { declined?: boolean; renewals?: 'pay' | 'fail' } = {}): Promise<TCardResult> {
    const state = [...this.subscriptions.values()].find((s) => s.invoice.confirmation_secret?.client_secret === clientSecret);
    if (!state || state.invoice.status !== 'open') return { ok: false, message: 'No such payment_intent' };
    if (card.declined) return { ok: false, message: 'Your card was declined.' };
    state.renewals = card.renewals ?? 'pay';
    this.setPeriod(state, this.seconds());
    state.sub = { ...state.sub, status: 'active' };
    this.paid(state);
    this.subscriptionEvent(state, 'customer.subscription.updated');
    await this.settled();
    return { ok: true };
  }

  /**
   * Stripe.js confirming a trial subscription's card (stripe.confirmSetup on /payment): nothing is
   * charged; the SetupIntent succeeds, pending_setup_intent clears and customer.subscription.updated is sent.
   */
  async confirmSetup(clientSecret: string, card: { declined?: boolean; renewals?: 'pay' | 'fail' } = {}): Promise<TCardResult> {
    const state = [...this.subscriptions.values()].find((s) => s.setup?.client_secret === clientSecret);
    if (!state?.setup || state.setup.status === 'succeeded') return { ok: false, message: 'No such setup_intent' };
    if (card.declined) return { ok: false, message: 'Your card was declined.' };
    state.renewals = card.renewals ?? 'pay';
    state.setup = { ...state.setup, status: 'succeeded' };
    state.sub = { ...state.sub, pending_setup_intent: null };
    this.subscriptionEvent(state, 'customer.subscription.updated');
    await this.settled();
    return { ok: true };
  }

  /** The payer completing a hosted checkout: a customer and an active subscription; returns Stripe's redirect. */
  async completeCheckout(
    sessionId: string,
    payer: { email: string; name: string; renewals?: 'pay' | 'fail' },
  ): Promise<{ redirectUrl: string; customerId: string }> {
    const session = this.sessions.get(sessionId);
    if (!session || session.status !== 'open') throw new Error(`no open checkout ${sessionId}`);
    const customer = this.createCustomer(payer.email, payer.name);
    const price = [...this.prices.values()][0]!;
    const state = this.createIncompleteSubscription(customer.id, price.id);
    state.renewals = payer.renewals ?? 'pay';
    state.sub = { ...state.sub, status: 'active' };
    this.subscriptionEvent(state, 'customer.subscription.created');
    this.paid(state);
    const done = make.checkoutSession({
      ...session,
      status: 'complete',
      payment_status: 'paid',
      customer: customer.id,
      subscription: state.sub.id,
      customer_details: {
        address: null,
        business_name: null,
        email: payer.email,
        individual_name: payer.name,
        name: payer.name,
        phone: null,
        tax_exempt: 'none',
        tax_ids: [],
      },
    });
    this.sessions.set(sessionId, done);
    this.emit({ ...this.eventBase(), type: 'checkout.session.completed', data: { object: done } });
    await this.settled();
    return { redirectUrl: (session.success_url ?? '').replace('{CHECKOUT_SESSION_ID}', sessionId), customerId: customer.id };
  }

  /**
   * Runs every subscription's clock to now: a subscription cancelled at period end ends then
   * (customer.subscription.deleted); renewals pay (invoice.paid) or fail (past_due,
   * invoice.payment_failed) and, after RETRY_DAYS of failing, end as `onRetriesExhausted` says.
   */
  async advance(): Promise<void> {
    const now = this.seconds();
    for (const state of this.subscriptions.values()) {
      if (state.sub.status === 'trialing' && state.sub.trial_end !== null && now >= state.sub.trial_end) {
        const trialEnd = state.sub.trial_end;
        if (state.sub.pending_setup_intent) {
          // trial_settings.end_behavior.missing_payment_method = cancel: no card, no subscription.
          this.end(state, trialEnd, 'cancellation_requested');
          continue;
        }
        // The trial's end is the first charge: from here on it renews as any active subscription.
        state.sub = { ...state.sub, status: 'active' };
        this.setPeriod(state, trialEnd);
        const { start } = this.period(state);
        state.sub = { ...state.sub, items: { ...state.sub.items, data: [{ ...state.sub.items.data[0]!, current_period_end: start }] } };
      }
      const { status } = state.sub;
      if (status !== 'active' && status !== 'past_due') continue;
      let { end } = this.period(state);
      if (state.sub.cancel_at_period_end && now >= end) {
        this.end(state, end, 'cancellation_requested');
        continue;
      }
      while (state.sub.status === 'active' && now >= end) {
        this.setPeriod(state, end);
        state.invoice = this.openInvoice(String(state.sub.customer), state.sub.id, end);
        if (state.renewals === 'pay') {
          this.paid(state);
        } else {
          state.failedAt = end;
          state.sub = { ...state.sub, status: 'past_due' };
          this.emit({ ...this.eventBase(), type: 'invoice.payment_failed', data: { object: state.invoice } });
        }
        state.sub = { ...state.sub, latest_invoice: state.invoice.id };
        this.subscriptionEvent(state, 'customer.subscription.updated');
        end = this.period(state).end;
      }
      if (state.sub.status === 'past_due' && state.failedAt !== null && now >= state.failedAt + RETRY_DAYS * DAY) {
        if (this.onRetriesExhausted === 'unpaid') {
          state.sub = { ...state.sub, status: 'unpaid' };
          this.subscriptionEvent(state, 'customer.subscription.updated');
        } else {
          this.end(state, now, 'payment_failed');
        }
      }
    }
    await this.settled();
  }

  private emit(event: Stripe.Event): void {
    this.events.push(event);
    if (!this.autoDeliver) {
      this.held.push(event);
      return;
    }
    // Delivered one after another, after the current call has answered (as Stripe's are).
    this.delivery = this.delivery.then(() => new Promise((r) => setImmediate(r))).then(() => this.deliver(event));
  }

  /** Resolves once every event sent so far has been delivered. */
  async settled(): Promise<void> {
    let current: Promise<unknown>;
    do {
      current = this.delivery;
      await current;
    } while (current !== this.delivery);
  }

  /** POSTs an event to Ratio's webhook, signed as Stripe signs it (or with the given signature). */
  async deliver(event: Stripe.Event, options: { signature?: string; secret?: string } = {}): Promise<{ status: number; body: unknown }> {
    if (!this.appUrl) throw new Error('emulator not attached to an app');
    const payload = JSON.stringify(event);
    const signature = options.signature ?? this.stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? this.webhookSecret });
    const res = await fetch(`${this.appUrl}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }
}
