import type { Knex } from 'knex';

/** Tables this migration creates, which its `down` drops (ratio db rollback asks before dropping rows). */
export const tables: readonly string[] = [];

/** A counter bumped by every write to a user's gallery, so read caches know when they are stale. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.integer('gallery_version').notNullable().defaultTo(0).comment('Bumped in the transaction of every gallery write (lockUser)');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('gallery_version');
  });
}
