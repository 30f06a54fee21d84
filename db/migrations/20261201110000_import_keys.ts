import type { Knex } from 'knex';

/** Tables this migration creates, which its `down` drops (ratio db rollback asks before dropping rows). */
export const tables: readonly string[] = ['import_mappings'];

/**
 * What imports remember (docs/choices.md 40): each imported card's row identity, so the same file
 * imported again adds nothing twice, and each collector's column mapping per file header.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('card_slots', (t) => {
    t.text('import_key').comment('The identity of the file row (and copy) an import made this card from (core/csv/row-key.ts)');
    t.unique(['user_id', 'import_key'], { indexName: 'card_slots_user_import_key_unique' });
  });
  await knex.schema.createTable('import_mappings', (t) => {
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('header_key').notNullable().comment("SHA-256 of the file's column names, squashed and joined");
    t.jsonb('mapping').notNullable().comment('Which column holds which field (core/csv/layouts/mapped.ts)');
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'header_key']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('import_mappings');
  await knex.schema.alterTable('card_slots', (t) => {
    t.dropUnique(['user_id', 'import_key'], 'card_slots_user_import_key_unique');
    t.dropColumn('import_key');
  });
}
