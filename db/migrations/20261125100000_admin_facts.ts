import type { Knex } from 'knex';

/** Tables this migration creates, which its `down` drops (ratio db rollback asks before dropping rows). */
export const tables: readonly string[] = [];

/**
 * What the admin dashboard reads (docs/product.md §2 Admin dashboard): when each subscription started, each
 * user's card count (kept by the database itself, so the stats add up users, not every card), and
 * indexes for the per-day series.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.timestamp('subscription_started_at', { useTz: true }).comment('When the current subscription was created at the provider');
    t.integer('card_count').notNullable().defaultTo(0).comment('Rows in card_slots of this user, kept by the trigger card_slots_count');
    t.index(['created_at'], 'users_created_at_idx');
  });
  await knex.schema.alterTable('card_slots', (t) => {
    t.index(['created_at'], 'card_slots_created_at_idx');
  });
  await knex.raw(`
    CREATE FUNCTION card_slots_count() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('DELETE', 'UPDATE') THEN
        UPDATE users SET card_count = card_count - 1 WHERE id = OLD.user_id;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        UPDATE users SET card_count = card_count + 1 WHERE id = NEW.user_id;
      END IF;
      RETURN NULL;
    END $$`);
  await knex.raw(`CREATE TRIGGER card_slots_count AFTER INSERT OR DELETE OR UPDATE OF user_id ON card_slots
    FOR EACH ROW EXECUTE FUNCTION card_slots_count()`);
  await knex.raw('UPDATE users u SET card_count = (SELECT count(*) FROM card_slots c WHERE c.user_id = u.id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER IF EXISTS card_slots_count ON card_slots');
  await knex.raw('DROP FUNCTION IF EXISTS card_slots_count()');
  await knex.schema.alterTable('card_slots', (t) => {
    t.dropIndex(['created_at'], 'card_slots_created_at_idx');
  });
  await knex.schema.alterTable('users', (t) => {
    t.dropIndex(['created_at'], 'users_created_at_idx');
    t.dropColumn('subscription_started_at');
    t.dropColumn('card_count');
  });
}
