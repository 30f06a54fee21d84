import type { Knex } from 'knex';
import { migrationSource } from './db/migrations/index.ts';

/**
 * For the knex CLI. Ratio itself opens the database through db/connection.ts (PGlite by default,
 * PostgreSQL with DATABASE_URL) and `ratio db migrate` runs the same migrations.
 */
const config: Knex.Config = {
  client: 'pg',
  // The knex CLI is the one place outside api/env.ts that reads it.
  connection: process.env.DATABASE_URL,
  migrations: { migrationSource },
};
export default config;
