import type { Knex } from 'knex';

/** Tables this migration creates, which its `down` drops (ratio db rollback asks before dropping rows). */
export const tables: readonly string[] = ['shares'];

/**
 * Share links (docs/choices.md 10): a public, read-only link to a user's wall. The token is kept only
 * as its keyed hash (like sessions); a revoked link keeps its row with revoked_at set; at most one
 * live link per user. The wall's preview image is cached on the row, per gallery version.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('shares', (t) => {
    t.bigIncrements('id');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
    t.text('token_hash').notNullable().unique().comment('Keyed hash (HMAC-SHA256 with SESSION_SECRET) of the link token; the token itself is never stored');
    t.boolean('show_values').notNullable().comment('The owner chose to show values and value figures');
    t.text('title').notNullable().comment("The wall's title as the owner set it (the title is kept in their browser)");
    t.text('layout').notNullable().comment('4x5, 6x4, 2x5 or custom, as the owner set it');
    t.integer('custom_count').notNullable().comment('Slots of the custom layout');
    t.binary('preview_png').comment('The preview image (1200x630 PNG), made once per gallery version');
    t.integer('preview_version').comment('users.gallery_version the preview image was made from');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('revoked_at', { useTz: true }).comment('Set when the owner revoked the link (or replaced it); the row is kept');
  });
  await knex.raw('CREATE UNIQUE INDEX shares_one_live_per_user ON shares (user_id) WHERE revoked_at IS NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('shares');
}
