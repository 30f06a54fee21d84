import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createDb, migrateLatest } from '../../db/connection.ts';
import { migrationSource } from '../../db/migrations/index.ts';
import { createTestDb, type TTestDb } from '../helpers/db.ts';

/**
 * Processes that start together on one fresh PostgreSQL database (two replicas, `ratio serve
 * --workers N`) each migrate it at start-up: the runs must follow one another, not collide on the
 * creation of knex's own tables (CI saw "relation knex_migrations already exists").
 */
let testDb: TTestDb;
const others: Knex[] = [];

beforeAll(async () => {
  testDb = await createTestDb('postgres');
  for (let i = 0; i < 3; i++) others.push(createDb({ databaseUrl: testDb.url! }));
});
afterAll(async () => {
  await Promise.all(others.map((db) => db.destroy()));
  await testDb?.drop();
});

describe('migrations from several processes at once', () => {
  it('four connections migrating a fresh database together: each succeeds, every migration applied once', async () => {
    const runs = await Promise.all([testDb.db, ...others].map((db) => migrateLatest(db)));
    const all = (await migrationSource.getMigrations([])).map((m) => migrationSource.getMigrationName(m));
    // One run applied everything; the others found nothing left to do.
    expect(runs.map((names) => names.length).sort((x, y) => y - x)).toEqual([all.length, 0, 0, 0]);
    const rows = await testDb.db('knex_migrations').select('name');
    expect(rows.map((r: { name: string }) => r.name).sort()).toEqual([...all].sort());
    // And the schema is usable: the users table is there.
    expect(await testDb.db.schema.hasTable('users')).toBe(true);
  });
});
