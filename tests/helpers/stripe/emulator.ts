/**
 * A local HTTP emulator of exactly the Stripe endpoints Ratio calls (api/services/billing/stripe),
 * answering with objects typed by the `stripe` package (objects.ts). Tests drive what happens
 * outside Ratio through its controls (world.ts): a card confirmed by Stripe.js, a hosted checkout
 * paid, time passing (renewals, period ends), and the signed webhooks Stripe would send.
 */
import type http from 'node:http';
import { listenOnLoopback, type TLoopbackServer } from '../loopback.ts';
import Stripe from 'stripe';
import { list, parseStripeForm, str, type TFormValue } from './form.ts';
import * as make from './objects.ts';
import { StripeWorld } from './world.ts';

export const EMULATOR_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_emulator',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_emulator',
  STRIPE_WEBHOOK_SECRET: 'whsec_emulator_secret',
} as const;

class ApiFailure extends Error {
  readonly status: number;
  readonly body: { type: string; message: string; code?: string };
  constructor(status: number, body: { type: string; message: string; code?: string }) {
    super(body.message);
    this.status = status;
    this.body = body;
  }
}
const missing = (what: string, id: string) =>
  new ApiFailure(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'` });

export interface TEmulatorRequest {
  method: string;
  path: string;
  params: Record<string, TFormValue>;
}

/** The emulator: a StripeWorld behind the HTTP endpoints Ratio calls. */
export class StripeEmulator extends StripeWorld {
  /** Every call Ratio made, in order. */
  readonly requests: TEmulatorRequest[] = [];
  /** While true every endpoint answers 500, as in an outage. */
  outage = false;
  private server: TLoopbackServer | null = null;

  /** Starts an emulator on a random loopback port, with the PRO price set up unless `withPrice` is false. */
  static async start(options: { withPrice?: boolean } = {}): Promise<StripeEmulator> {
    const emulator = new StripeEmulator(new Stripe(EMULATOR_KEYS.STRIPE_SECRET_KEY), EMULATOR_KEYS.STRIPE_WEBHOOK_SECRET);
    if (options.withPrice !== false) emulator.createPrice({ lookup_key: 'ratio_pro_monthly', unit_amount: 1000, currency: 'usd' });
    emulator.server = await listenOnLoopback((req, res) => emulator.handle(req, res));
    return emulator;
  }

  /** Base URL for STRIPE_API_BASE. */
  get url(): string {
    return this.server?.url ?? '';
  }

  /** The settings that point Ratio at this emulator. */
  get env(): Record<string, string> {
    return { ...EMULATOR_KEYS, STRIPE_API_BASE: this.url };
  }

  /** The calls made to a path (method and path), e.g. 'POST /v1/subscriptions'. */
  calls(what: string): TEmulatorRequest[] {
    return this.requests.filter((r) => `${r.method} ${r.path}` === what);
  }

  async close(): Promise<void> {
    await this.settled();
    await this.server?.close();
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://emulator');
      const method = req.method ?? 'GET';
      const params = parseStripeForm(method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8'));
      this.requests.push({ method, path: url.pathname, params });
      let status = 200;
      let body: unknown;
      try {
        if (req.headers.authorization !== `Bearer ${EMULATOR_KEYS.STRIPE_SECRET_KEY}`) {
          throw new ApiFailure(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' });
        }
        if (this.outage) throw new ApiFailure(500, { type: 'api_error', message: 'An error occurred with our connection to Stripe.' });
        body = this.route(method, url.pathname, params);
      } catch (err) {
        if (!(err instanceof ApiFailure)) throw err;
        status = err.status;
        body = { error: err.body };
      }
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${this.nextId()}` });
      res.end(JSON.stringify(body));
    });
  }

  private route(method: string, path: string, params: Record<string, TFormValue>): unknown {
    const expand = list(params.expand).map(String);
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      return this.createCustomer(str(params.email) ?? null, str(params.name) ?? null);
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      const customer = str(params.customer) ?? '';
      const data = this.subscriptionsOf(customer).map((s) => this.present(s, []));
      return { object: 'list', data, has_more: false, url: '/v1/subscriptions' } satisfies Stripe.ApiList<Stripe.Subscription>;
    }
    if (method === 'POST' && path === '/v1/subscriptions') {
      const items = list(params.items) as Array<Record<string, TFormValue>>;
      const priceId = str(items[0]?.price) ?? '';
      if (!this.prices.has(priceId)) throw missing('price', priceId);
      const customer = str(params.customer) ?? '';
      if (!this.customers.has(customer)) throw missing('customer', customer);
      const trialEnd = str(params.trial_end);
      if (trialEnd !== undefined) {
        if (!/^\d+$/.test(trialEnd) || Number(trialEnd) <= this.seconds()) {
          throw new ApiFailure(400, {
            type: 'invalid_request_error',
            message: 'Invalid timestamp: must be an integer Unix timestamp in the future.',
            code: 'parameter_invalid_integer',
          });
        }
        return this.present(this.createTrialSubscription(customer, priceId, Number(trialEnd)), expand);
      }
      return this.present(this.createIncompleteSubscription(customer, priceId), expand);
    }
    if ((m = path.match(/^\/v1\/subscriptions\/([\w-]+)$/))) {
      const state = this.subscriptions.get(m[1]!);
      if (!state) throw missing('subscription', m[1]!);
      if (method === 'POST') this.updateSubscription(state, params);
      return this.present(state, expand);
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const items = list(params.line_items) as Array<Record<string, TFormValue>>;
      if (str(params.mode) !== 'subscription' || !this.prices.has(str(items[0]?.price) ?? '')) {
        throw new ApiFailure(400, { type: 'invalid_request_error', message: 'A subscription checkout needs a recurring price' });
      }
      return this.createCheckout(str(params.success_url) ?? '', str(params.cancel_url) ?? '');
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/checkout\/sessions\/([\w-]+)$/))) {
      const session = this.sessions.get(m[1]!);
      if (!session) throw missing('checkout.session', m[1]!);
      return session;
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = str(params.customer) ?? '';
      if (!this.customers.has(customer)) throw missing('customer', customer);
      return make.portalSession({
        id: `bps_${this.nextId()}`,
        customer,
        return_url: str(params.return_url) ?? null,
        url: `https://billing.stripe.test/p/session/${this.nextId()}`,
        created: this.seconds(),
      });
    }
    if (method === 'GET' && path === '/v1/prices') {
      const keys = list(params.lookup_keys).map(String);
      const data = [...this.prices.values()].filter((p) => p.active && p.lookup_key !== null && keys.includes(p.lookup_key));
      return { object: 'list', data, has_more: false, url: '/v1/prices' } satisfies Stripe.ApiList<Stripe.Price>;
    }
    if (method === 'POST' && path === '/v1/prices') {
      const recurring = params.recurring as Record<string, TFormValue> | undefined;
      if (!recurring || str(recurring.interval) !== 'month')
        throw new ApiFailure(400, { type: 'invalid_request_error', message: 'recurring[interval] is required' });
      return this.createPrice({
        lookup_key: str(params.lookup_key) ?? null,
        unit_amount: Number(str(params.unit_amount)),
        currency: str(params.currency) ?? 'usd',
      });
    }
    throw new ApiFailure(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}): the emulator serves only the calls Ratio makes`,
    });
  }
}
