import type { Knex } from 'knex';

/** Tables this migration creates, which its `down` drops (ratio db rollback asks before dropping rows). */
export const tables: readonly string[] = ['card_market'];

/** The market value's details as card_slots held them (20261205100000_market_values) and card_market holds them now. */
const MOVED: ReadonlyArray<[slotColumn: string, marketColumn: string]> = [
  ['price_product_id', 'product_id'],
  ['price_product_name', 'product_name'],
  ['price_match', 'match'],
  ['market_label', 'label'],
  ['market_estimated_from', 'estimated_from'],
  ['market_source', 'source'],
  ['market_is_market', 'is_market'],
  ['market_as_of', 'as_of'],
  ['market_checked_at', 'checked_at'],
  ['market_error', 'error'],
];

/**
 * A card's market value details (docs/choices.md 45) in a table of their own: the matched product, where
 * the price came from, when, and the last look-up's error. card_slots keeps the price alone
 * (market_cents, what the wall's totals read), so a priced card's row is as narrow as an unpriced
 * one's and GET /api/cards reads no more for it. Existing details move across; `down` moves them back.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('card_market', (t) => {
    t.bigInteger('card_id').primary().references('card_slots.id').onDelete('CASCADE');
    t.text('product_id').comment("The provider's product the card matched (kept once matched)");
    t.text('product_name');
    t.text('match').comment('auto: matched by search; fixed: chosen by the collector; none: no product fits');
    t.text('label').comment("The grade the price is of: 'PSA 10', 'Grade 9'");
    t.float('estimated_from').comment('The grade the price was taken from when the exact one was missing');
    t.text('source').comment("Who gave the price: 'SportsCardsPro', or a price list's name");
    t.boolean('is_market').comment('False for a price list: never shown as market data');
    t.text('as_of').comment('YYYY-MM-DD of the price');
    t.timestamp('checked_at', { useTz: true }).comment('Last successful look-up (refresh skips cards checked within --stale-after)');
    t.text('error').comment('Why the last look-up failed; the last known price stays');
  });
  await knex.raw("ALTER TABLE card_market ADD CONSTRAINT card_market_match_check CHECK (match IN ('auto', 'fixed', 'none'))");
  await knex.raw(
    `INSERT INTO card_market (card_id, ${MOVED.map(([, m]) => m).join(', ')})
     SELECT id, ${MOVED.map(([s]) => s).join(', ')} FROM card_slots
     WHERE ${MOVED.map(([s]) => `${s} IS NOT NULL`).join(' OR ')}`,
  );
  await knex.raw('ALTER TABLE card_slots DROP CONSTRAINT card_slots_price_match_check');
  await knex.schema.alterTable('card_slots', (t) => {
    for (const [s] of MOVED) t.dropColumn(s);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('card_slots', (t) => {
    t.text('price_product_id');
    t.text('price_product_name');
    t.text('price_match');
    t.text('market_label');
    t.float('market_estimated_from');
    t.text('market_source');
    t.boolean('market_is_market');
    t.text('market_as_of');
    t.timestamp('market_checked_at', { useTz: true });
    t.text('market_error');
  });
  await knex.raw("ALTER TABLE card_slots ADD CONSTRAINT card_slots_price_match_check CHECK (price_match IN ('auto', 'fixed', 'none'))");
  await knex.raw(
    `UPDATE card_slots SET ${MOVED.map(([s, m]) => `${s} = card_market.${m}`).join(', ')}
     FROM card_market WHERE card_market.card_id = card_slots.id`,
  );
  await knex.schema.dropTable('card_market');
}
