import type { Knex } from 'knex';

/** Tables this migration creates, which its `down` drops (ratio db rollback asks before dropping rows). */
export const tables: readonly string[] = ['card_images', 'card_slots', 'card_value_history'];

/** Card images, the numbered slots of each gallery, and the value history of each card. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('card_images', (t) => {
    t.text('id').primary().comment('Random id; also the folder of the files in the image store');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
    t.text('mime').notNullable().comment('Type of the stored original');
    t.integer('width').notNullable();
    t.integer('height').notNullable();
    t.integer('bytes').notNullable().comment('Size of the stored original');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('card_slots', (t) => {
    t.bigIncrements('id');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('slot_number').notNullable();
    t.text('image_id').references('card_images.id').onDelete('SET NULL');
    t.text('title').notNullable().defaultTo('');
    t.text('description').notNullable().defaultTo('');
    t.text('value').comment('As the user typed it (docs/product.md §3)');
    t.bigInteger('value_cents').comment('Parsed by core/values.ts; null when the text has no number');
    t.text('all_time_high').comment('As the user typed it');
    t.bigInteger('all_time_high_cents');
    t.bigInteger('peak_value_cents').comment('Highest value ever recorded for this card (value history)');
    t.text('transfer_key').comment('Hash of an anonymous card moved in; makes transfers idempotent');
    t.timestamps(true, true);
    t.unique(['user_id', 'slot_number']);
    t.unique(['user_id', 'transfer_key']);
  });
  await knex.schema.createTable('card_value_history', (t) => {
    t.bigIncrements('id');
    t.bigInteger('card_id').notNullable().references('card_slots.id').onDelete('CASCADE').index();
    t.bigInteger('value_cents').notNullable();
    t.timestamp('recorded_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('card_value_history');
  await knex.schema.dropTable('card_slots');
  await knex.schema.dropTable('card_images');
}
