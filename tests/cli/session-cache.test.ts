import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readHolder } from '../../db/embedded/lock.ts';
import { createTestDb, testDbKind, type TTestDb } from '../helpers/db.ts';
import { TestClient } from '../helpers/http.ts';
import { runRatio, startServerProcess, type TServerProcess } from '../helpers/process.ts';

/**
 * `ratio serve` keeps session lookups in memory (api/services/sessions/session-cache.ts). Another
 * process that ends a session or changes a user (a `ratio` command, any client of the database)
 * must be obeyed by the server's next request: on the embedded database (the server owns PGlite
 * and hears every commit in its thread) and on PostgreSQL (LISTEN/NOTIFY).
 */
let dataDir: string;
let testDb: TTestDb | undefined;
let env: Record<string, string>;
let server: TServerProcess;
let other: pg.Client;
const email = 'cached@example.com';
const password = 'a-long-password';

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ratio-cache-'));
  if (testDbKind() === 'postgres') {
    testDb = await createTestDb('postgres');
    await testDb.db.destroy();
  }
  env = { DATA_DIR: dataDir, SESSION_SECRET: 's'.repeat(40), ...(testDb ? { DATABASE_URL: testDb.url! } : {}) };
  server = await startServerProcess(env);
  // This test process is "another process": a plain pg client, through the server's socket on
  // the embedded database.
  const holder = readHolder(dataDir);
  other = new pg.Client(testDb ? { connectionString: testDb.url! } : { host: holder!.host!, port: holder!.port!, user: 'postgres', database: 'postgres' });
  await other.connect();
}, 180_000);
afterAll(async () => {
  await other?.end();
  await server?.stop();
  await testDb?.drop().catch(() => undefined);
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Two reads, so the second is answered from the server's cache when it has one. */
const warm = async (client: TestClient) => {
  await client.get('/api/user');
  return client.get('/api/user');
};

describe("the server's session cache while other processes write", () => {
  it('`ratio sessions end` signs the account out of the running server at its next request', async () => {
    const client = new TestClient(server.url);
    expect((await client.post('/api/register', { email, password, firstName: 'Cass', lastName: 'Cache' })).status).toBe(201);
    expect((await warm(client)).body).toMatchObject({ email });

    const ended = await runRatio(['sessions', 'end', email], { env });
    expect(ended.stderr).toBe('');
    expect(ended.stdout).toContain(`Ended 1 session(s) of ${email}.`);
    expect((await client.get('/api/cards')).status).toBe(401);
    expect((await client.get('/api/user')).body).toBeNull();
  }, 60_000);

  it('a change to the user row by another process shows at once, 25 times in a row', async () => {
    const client = new TestClient(server.url);
    expect((await client.post('/api/login', { email, password })).status).toBe(200);
    for (let i = 0; i < 25; i++) {
      const admin = i % 2 === 0;
      expect((await warm(client)).body).toMatchObject({ isAdmin: !admin });
      await other.query('update users set is_admin = $1 where email = $2', [admin, email]);
      expect((await client.get('/api/user')).body).toMatchObject({ isAdmin: admin });
    }
  }, 60_000);

  it('a session ended by another process is refused at once, 10 times in a row', async () => {
    for (let i = 0; i < 10; i++) {
      const client = new TestClient(server.url);
      expect((await client.post('/api/login', { email, password })).status).toBe(200);
      expect((await warm(client)).body).toMatchObject({ email });
      expect((await client.get('/api/cards')).status).toBe(200);
      await other.query('delete from sessions where user_id = (select id from users where email = $1)', [email]);
      expect((await client.get('/api/cards')).status).toBe(401);
    }
  }, 60_000);
});
