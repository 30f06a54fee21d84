/**
 * Stripe objects as the emulator answers them, typed with the `stripe` package's own types, so the
 * type check holds every answer to the shapes of the API version the package pins. Each builder
 * starts from a complete object (every required field; generated once from the package's types)
 * and takes the fields a test cares about.
 */
import type Stripe from 'stripe';

export function subscriptionItem(fields: Partial<Stripe.SubscriptionItem>): Stripe.SubscriptionItem {
  const base: Stripe.SubscriptionItem = {
    id: '', object: 'subscription_item', billing_thresholds: null, created: 0, current_period_end: 0,
    current_period_start: 0, current_trial: null, discounts: [], metadata: {},
    plan: {
      id: '', object: 'plan', active: false, amount: null, amount_decimal: null, billing_scheme: 'per_unit',
      created: 0, currency: '', interval: 'day', interval_count: 0, livemode: false, metadata: null,
      meter: null, nickname: null, product: null, tiers_mode: null, transform_usage: null,
      trial_period_days: null, usage_type: 'licensed',
    },
    price: {
      id: '', object: 'price', active: false, billing_scheme: 'per_unit', created: 0, currency: '',
      custom_unit_amount: null, livemode: false, lookup_key: null, metadata: {}, nickname: null, product: '',
      recurring: null, tax_behavior: null, tiers_mode: null, transform_quantity: null, type: 'one_time',
      unit_amount: null, unit_amount_decimal: null,
    },
    subscription: '', tax_rates: null,
  };
  return { ...base, ...fields };
}

export function subscription(fields: Partial<Stripe.Subscription>): Stripe.Subscription {
  const base: Stripe.Subscription = {
    id: '', object: 'subscription', application: null, application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null }, billing_cycle_anchor: 0,
    billing_cycle_anchor_config: null, billing_mode: { flexible: null, type: 'classic' }, billing_schedules: [],
    billing_thresholds: null, cancel_at: null, cancel_at_period_end: false, canceled_at: null,
    cancellation_details: null, collection_method: 'charge_automatically', created: 0, currency: '',
    customer: '', customer_account: null, days_until_due: null, default_payment_method: null,
    default_source: null, description: null, discounts: [], ended_at: null,
    invoice_settings: {
      account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: 'account' },
    },
    items: { object: 'list', data: [], has_more: false, url: '' }, latest_invoice: null, livemode: false,
    managed_payments: null, metadata: {}, next_pending_invoice_item_invoice: null, on_behalf_of: null,
    pause_collection: null, payment_settings: null, pending_invoice_item_interval: null,
    pending_setup_intent: null, pending_update: null, schedule: null, start_date: 0, status: 'active',
    test_clock: null, transfer_data: null, trial_end: null, trial_settings: null, trial_start: null,
  };
  return { ...base, ...fields };
}

export function invoice(fields: Partial<Stripe.Invoice>): Stripe.Invoice {
  const base: Stripe.Invoice = {
    id: '', object: 'invoice', account_country: null, account_name: null, account_tax_ids: null, amount_due: 0,
    amount_overpaid: 0, amount_paid: 0, amount_remaining: 0, amount_shipping: 0, application: null,
    attempt_count: 0, attempted: false,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null, billing_reason: null, collection_method: 'charge_automatically',
    created: 0, currency: '', custom_fields: null, customer: null, customer_account: null,
    customer_address: null, customer_email: null, customer_name: null, customer_phone: null,
    customer_shipping: null, customer_tax_exempt: null, default_payment_method: null, default_source: null,
    default_tax_rates: [], description: null, discounts: [], due_date: null, effective_at: null,
    ending_balance: null, footer: null, from_invoice: null, issuer: { type: 'account' },
    last_finalization_error: null, latest_revision: null,
    lines: { object: 'list', data: [], has_more: false, url: '' }, livemode: false, metadata: null,
    next_payment_attempt: null, number: null, on_behalf_of: null, parent: null,
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: 0, period_start: 0, post_payment_credit_notes_amount: 0, pre_payment_credit_notes_amount: 0,
    receipt_number: null, rendering: null, shipping_cost: null, shipping_details: null, starting_balance: 0,
    statement_descriptor: null, status: null,
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: 0, subtotal_excluding_tax: null, test_clock: null, total: 0, total_discount_amounts: null,
    total_excluding_tax: null, total_pretax_credit_amounts: null, total_taxes: null,
    webhooks_delivered_at: null,
  };
  return { ...base, ...fields };
}

export function customer(fields: Partial<Stripe.Customer>): Stripe.Customer {
  const base: Stripe.Customer = {
    id: '', object: 'customer', balance: 0, created: 0, default_source: null, description: null, email: null,
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false, metadata: {}, shipping: null,
  };
  return { ...base, ...fields };
}

export function price(fields: Partial<Stripe.Price>): Stripe.Price {
  const base: Stripe.Price = {
    id: '', object: 'price', active: false, billing_scheme: 'per_unit', created: 0, currency: '',
    custom_unit_amount: null, livemode: false, lookup_key: null, metadata: {}, nickname: null, product: '',
    recurring: null, tax_behavior: null, tiers_mode: null, transform_quantity: null, type: 'one_time',
    unit_amount: null, unit_amount_decimal: null,
  };
  return { ...base, ...fields };
}

export function checkoutSession(fields: Partial<Stripe.Checkout.Session>): Stripe.Checkout.Session {
  const base: Stripe.Checkout.Session = {
    id: '', object: 'checkout.session', adaptive_pricing: null, after_expiration: null,
    allow_promotion_codes: null, allowed_payment_method_types: null, amount_subtotal: null, amount_total: null,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null, cancel_url: null, client_reference_id: null, client_secret: null,
    collected_information: null, consent: null, consent_collection: null, created: 0, currency: null,
    currency_conversion: null, custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: null, customer_account: null, customer_creation: null, customer_details: null,
    customer_email: null, discounts: null, expires_at: 0, integration_identifier: null, invoice: null,
    invoice_creation: null, livemode: false, locale: null, managed_payments: null, metadata: null,
    mode: 'subscription', origin_context: null, payment_intent: null, payment_link: null,
    payment_method_collection: null, payment_method_configuration_details: null, payment_method_options: null,
    payment_method_types: [], payment_status: 'unpaid', permissions: null, recovered_from: null,
    saved_payment_method_options: null, setup_intent: null, shipping_address_collection: null,
    shipping_cost: null, shipping_options: [], status: null, submit_type: null, subscription: null,
    success_url: null, total_details: null, ui_mode: null, url: null, wallet_options: null,
  };
  return { ...base, ...fields };
}

export function portalSession(fields: Partial<Stripe.BillingPortal.Session>): Stripe.BillingPortal.Session {
  const base: Stripe.BillingPortal.Session = {
    id: '', object: 'billing_portal.session', configuration: '', created: 0, customer: '',
    customer_account: null, flow: null, livemode: false, locale: null, on_behalf_of: null, return_url: null,
    url: '',
  };
  return { ...base, ...fields };
}

/** A SetupIntent with the fields Ratio and Stripe.js read (a trial subscription's pending card set-up). */
export function setupIntent(fields: Pick<Stripe.SetupIntent, 'id' | 'client_secret' | 'customer' | 'created'> & Partial<Stripe.SetupIntent>): Stripe.SetupIntent {
  return {
    object: 'setup_intent', application: null, automatic_payment_methods: null, cancellation_reason: null, description: null,
    flow_directions: null, last_setup_error: null, latest_attempt: null, livemode: false, mandate: null, metadata: {},
    next_action: null, on_behalf_of: null, payment_method: null, payment_method_configuration_details: null,
    payment_method_options: null, payment_method_types: ['card'], single_use_mandate: null, status: 'requires_payment_method',
    usage: 'off_session',
    ...fields,
  } as Stripe.SetupIntent;
}
