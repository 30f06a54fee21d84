import type { Knex } from 'knex';

/** Tables this migration creates, which its `down` drops (ratio db rollback asks before dropping rows). */
export const tables: readonly string[] = ['price_alerts', 'card_sales', 'price_list'];

/**
 * Market values (docs/choices.md 45): each card's matched product and last market price beside the value
 * the collector typed, which of the two counts (per card, or the wall's choice), market prices in
 * the value history, the operator's price list, sold cards, and price alerts.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('card_slots', (t) => {
    t.text('price_product_id').comment("The provider's product the card matched (kept once matched)");
    t.text('price_product_name');
    t.text('price_match').comment('auto: matched by search; fixed: chosen by the collector; none: no product fits');
    t.bigInteger('market_cents').comment('Last market price at the card grader and grade (or the nearest grade)');
    t.text('market_label').comment("The grade the price is of: 'PSA 10', 'Grade 9'");
    t.float('market_estimated_from').comment('The grade the price was taken from when the exact one was missing');
    t.text('market_source').comment("Who gave the price: 'SportsCardsPro', or a price list's name");
    t.boolean('market_is_market').comment('False for a price list: never shown as market data');
    t.text('market_as_of').comment('YYYY-MM-DD of the price');
    t.timestamp('market_checked_at', { useTz: true }).comment('Last successful look-up (refresh skips cards checked within --stale-after)');
    t.text('market_error').comment('Why the last look-up failed; the last known price stays');
    t.text('counts_value').comment("own or market: which value counts in totals; null follows the wall's choice");
  });
  await knex.raw(`ALTER TABLE card_slots
    ADD CONSTRAINT card_slots_price_match_check CHECK (price_match IN ('auto', 'fixed', 'none')),
    ADD CONSTRAINT card_slots_counts_value_check CHECK (counts_value IN ('own', 'market'))`);
  await knex.schema.alterTable('users', (t) => {
    t.text('counts_value').notNullable().defaultTo('own').comment("own or market: which value of the wall's cards counts in totals");
  });
  await knex.raw("ALTER TABLE users ADD CONSTRAINT users_counts_value_check CHECK (counts_value IN ('own', 'market'))");
  await knex.schema.alterTable('card_value_history', (t) => {
    t.text('kind').notNullable().defaultTo('own').comment('own: the value typed; market: a market price the refresh found');
  });
  await knex.raw("ALTER TABLE card_value_history ADD CONSTRAINT card_value_history_kind_check CHECK (kind IN ('own', 'market'))");
  await knex.schema.createTable('price_list', (t) => {
    t.bigIncrements('id');
    t.text('card_key').notNullable().index().comment('core/prices.ts cardKey, or a cert number');
    t.text('grader').comment('null: any grader');
    t.float('grade').comment('null: ungraded');
    t.bigInteger('price_cents').notNullable();
    t.text('as_of').notNullable().comment('YYYY-MM-DD');
    t.text('list_name').notNullable();
  });
  await knex.schema.createTable('card_sales', (t) => {
    t.bigIncrements('id');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
    t.bigInteger('card_id').notNullable().comment('The card_slots id the card had (the row is gone)');
    t.jsonb('card').notNullable().comment('The card as it was: title, description and fields');
    t.bigInteger('cost_cents');
    t.bigInteger('sold_cents').notNullable();
    t.bigInteger('fees_cents').notNullable().defaultTo(0);
    t.text('sold_on').notNullable().comment('YYYY-MM-DD');
    t.jsonb('history').notNullable().comment('The value history the card had: [{ at, cents, kind }]');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('price_alerts', (t) => {
    t.bigIncrements('id');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
    t.bigInteger('card_id').notNullable().references('card_slots.id').onDelete('CASCADE').index();
    t.text('kind').notNullable().comment('above, below, or move (by percent over days)');
    t.bigInteger('threshold_cents');
    t.float('percent');
    t.integer('days');
    t.boolean('digest').notNullable().defaultTo(false).comment('Weekly digest instead of a mail when it fires');
    t.text('last_sent_on').comment('YYYY-MM-DD of the last mail for this rule (at most one a day)');
    t.text('unsubscribe_token').notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`ALTER TABLE price_alerts ADD CONSTRAINT price_alerts_kind_check CHECK (
    (kind IN ('above', 'below') AND threshold_cents >= 0) OR (kind = 'move' AND percent > 0 AND days IN (7, 30)))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('price_alerts');
  await knex.schema.dropTable('card_sales');
  await knex.schema.dropTable('price_list');
  await knex.raw('ALTER TABLE card_value_history DROP CONSTRAINT card_value_history_kind_check');
  await knex.schema.alterTable('card_value_history', (t) => t.dropColumn('kind'));
  await knex.raw('ALTER TABLE users DROP CONSTRAINT users_counts_value_check');
  await knex.schema.alterTable('users', (t) => t.dropColumn('counts_value'));
  await knex.raw('ALTER TABLE card_slots DROP CONSTRAINT card_slots_price_match_check, DROP CONSTRAINT card_slots_counts_value_check');
  await knex.schema.alterTable('card_slots', (t) => {
    for (const c of [
      'price_product_id',
      'price_product_name',
      'price_match',
      'market_cents',
      'market_label',
      'market_estimated_from',
      'market_source',
      'market_is_market',
      'market_as_of',
      'market_checked_at',
      'market_error',
      'counts_value',
    ])
      t.dropColumn(c);
  });
}
