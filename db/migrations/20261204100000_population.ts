import type { Knex } from 'knex';

/** Tables this migration creates, which its `down` drops. */
export const tables: readonly string[] = [];

/** Bulk intake by cert (docs/choices.md 42): PSA's population of the card at its grade, kept when PSA's cert API names it. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('card_slots', (t) => {
    t.integer('population_at_grade').comment("PSA's population of this card at this grade, from PSA's cert API when the card was added by cert");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('card_slots', (t) => {
    t.dropColumn('population_at_grade');
  });
}
