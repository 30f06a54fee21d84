import type { Knex } from 'knex';

/** Tables this migration creates, which its `down` drops (ratio db rollback asks before dropping rows). */
export const tables: readonly string[] = ['users', 'sessions', 'password_reset_tokens'];

/** Users, their sessions and password-reset tokens. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.bigIncrements('id');
    t.text('email').notNullable().unique().comment('Stored lower-cased');
    t.text('password_hash').notNullable().comment('scrypt, see db/password.ts');
    t.text('first_name').notNullable();
    t.text('last_name').notNullable();
    t.boolean('is_pro').notNullable().defaultTo(false);
    t.boolean('is_grandfathered').notNullable().defaultTo(false);
    t.boolean('is_admin').notNullable().defaultTo(false);
    t.timestamp('trial_started_at', { useTz: true });
    t.timestamp('trial_end_date', { useTz: true });
    t.timestamps(true, true);
  });
  await knex.schema.createTable('sessions', (t) => {
    t.text('id').primary().comment('HMAC-SHA256 of the cookie token; the token itself is never stored');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable().comment('Absolute expiry');
    t.text('user_agent');
    t.text('ip');
  });
  await knex.schema.createTable('password_reset_tokens', (t) => {
    t.bigIncrements('id');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE').index();
    t.text('token_hash').notNullable().unique().comment('HMAC-SHA256 of the emailed token');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('password_reset_tokens');
  await knex.schema.dropTable('sessions');
  await knex.schema.dropTable('users');
}
