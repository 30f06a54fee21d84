import type { Knex } from 'knex';

/** Tables this migration creates, which its `down` drops: none (a column). */
export const tables: readonly string[] = [];

/**
 * Whether a share link shows its owner's first name (docs/choices.md 47 item 6): the owner's choice, off by
 * default, so a link never names anyone who did not opt in.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('shares', (t) => {
    t.boolean('show_owner_name').notNullable().defaultTo(false).comment("The link shows the owner's first name (opted in on the share dialog)");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('shares', (t) => {
    t.dropColumn('show_owner_name');
  });
}
