import type { Knex } from 'knex';

/** Tables this migration creates, which its `down` drops: none (a column). */
export const tables: readonly string[] = [];

/**
 * The share link's token sealed with a key of the server's (api/lib/tokens.ts sealToken) beside its
 * hash (docs/choices.md 47), so its owner can copy the live link from any device. Links made before have none.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('shares', (t) => {
    t.text('token_sealed').comment("The token sealed with a key derived from the server's secret (AES-256-GCM); null for links made before");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('shares', (t) => {
    t.dropColumn('token_sealed');
  });
}
