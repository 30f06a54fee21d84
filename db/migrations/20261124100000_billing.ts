import type { Knex } from 'knex';

/** Tables this migration creates, which its `down` drops (ratio db rollback asks before dropping rows). */
export const tables: readonly string[] = ['billing_events', 'local_billing_customers', 'local_billing_subscriptions', 'local_billing_checkouts'];

/**
 * Billing: each user's provider customer and the facts of their current subscription (the state is
 * computed from them by core/account.ts; nothing derivable is stored), the provider events already
 * handled, and the tables of local billing (the test-mode provider used without Stripe keys).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.text('billing_customer_id').unique().comment("Billing provider's customer: Stripe cus_…, or lcus_… in local billing (test mode)");
    t.text('subscription_id').unique().comment("Provider's id of the current subscription: Stripe sub_…, or lsub_… in local billing");
    t.text('subscription_provider_status').comment("The provider's status word (Stripe's vocabulary): active, past_due, unpaid, canceled, …");
    t.boolean('subscription_cancel_at_period_end').notNullable().defaultTo(false);
    t.timestamp('subscription_period_end', { useTz: true }).comment('End of the current paid period');
    t.timestamp('subscription_ended_at', { useTz: true }).comment('When the subscription ended at the provider');
    t.text('subscription_end_reason').comment('cancelled | payment_failed');
    t.timestamp('subscription_synced_at', { useTz: true }).comment('Last time these facts were read from the provider');
    t.timestamp('retention_purged_at', { useTz: true }).comment('When the retention job deleted the cards past slot 10');
  });
  // PRO could only be set by hand before billing existed: keep such accounts PRO, with no end.
  await knex('users').where('is_pro', true).update({ subscription_provider_status: 'active' });
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('is_pro');
  });

  await knex.schema.createTable('billing_events', (t) => {
    t.text('id').primary().comment("Provider's event id (Stripe evt_…, local levt_…): an event is handled once");
    t.text('type').notNullable();
    t.text('customer_id').comment("Provider's customer the event was about");
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('local_billing_customers', (t) => {
    t.text('id').primary().comment('lcus_…: a local billing (test mode) customer');
    t.text('email').notNullable();
    t.text('card_last4').comment('Test card on file');
    t.text('card_expiry');
    t.text('card_outcome').comment('What the test card on file does at renewal (core/billing.ts)');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('local_billing_subscriptions', (t) => {
    t.text('id').primary().comment('lsub_…');
    t.text('customer_id').notNullable().references('local_billing_customers.id').onDelete('CASCADE').index();
    t.text('status').notNullable().comment("Stripe's vocabulary: incomplete, active, past_due, unpaid, canceled, …");
    t.text('client_secret').notNullable().unique().comment('Confirms the first payment (like a PaymentIntent client secret)');
    t.boolean('cancel_at_period_end').notNullable().defaultTo(false);
    t.timestamp('current_period_end', { useTz: true });
    t.timestamp('renewal_failed_at', { useTz: true }).comment('First failed renewal attempt (past_due since)');
    t.timestamp('ended_at', { useTz: true });
    t.text('end_reason').comment('cancelled | payment_failed');
    t.timestamp('created_at', { useTz: true }).notNullable();
  });
  await knex.schema.createTable('local_billing_checkouts', (t) => {
    t.text('id').primary().comment('lcs_…: a local hosted checkout for a visitor with no account');
    t.text('status').notNullable().comment('open | complete | expired');
    t.text('customer_id').references('local_billing_customers.id').onDelete('SET NULL');
    t.text('subscription_id').references('local_billing_subscriptions.id').onDelete('SET NULL');
    t.text('success_url').notNullable().comment('Where a paid checkout returns; {CHECKOUT_SESSION_ID} is replaced by the id');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('local_billing_checkouts');
  await knex.schema.dropTable('local_billing_subscriptions');
  await knex.schema.dropTable('local_billing_customers');
  await knex.schema.dropTable('billing_events');
  await knex.schema.alterTable('users', (t) => {
    t.boolean('is_pro').notNullable().defaultTo(false);
  });
  await knex('users').whereIn('subscription_provider_status', ['active', 'trialing', 'past_due']).update({ is_pro: true });
  await knex.schema.alterTable('users', (t) => {
    for (const c of [
      'billing_customer_id',
      'subscription_id',
      'subscription_provider_status',
      'subscription_cancel_at_period_end',
      'subscription_period_end',
      'subscription_ended_at',
      'subscription_end_reason',
      'subscription_synced_at',
      'retention_purged_at',
    ]) {
      t.dropColumn(c);
    }
  });
}
