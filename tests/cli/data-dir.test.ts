import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegWithExif, uploadForm } from '../fixtures/images.ts';
import { createTestDb, testDbKind, type TTestDb } from '../helpers/db.ts';
import { TestClient } from '../helpers/http.ts';
import { startServerProcess } from '../helpers/process.ts';

/**
 * docs/choices.md 43 items 4 and 6 on `ratio serve` as its own process: what it writes under DATA_DIR
 * (database, outbox with live reset links, photos) is owner-only whatever the shell's umask,
 * ratio.pid goes on a clean stop, and a set ADMIN_EMAILS is only warned about.
 */

let root: string;
let testDb: TTestDb | undefined;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'ratio-perm-'));
  if (testDbKind() === 'postgres') {
    testDb = await createTestDb('postgres');
    await testDb.db.destroy();
  }
});
afterAll(async () => {
  await testDb?.drop().catch(() => undefined);
  await fs.rm(root, { recursive: true, force: true });
});

/**
 * Every folder and file under `dir` whose mode lets group or others in (sockets aside). PGlite's own
 * files keep the modes its file system gives them (0666): what guards them is the owner-only
 * `pglite` folder and DATA_DIR above it, which this checks.
 */
async function openToOthers(dir: string): Promise<string[]> {
  const found: string[] = [];
  const self = await fs.stat(dir);
  if (self.mode & 0o077) found.push(`. ${(self.mode & 0o777).toString(8)}`);
  for (const name of await fs.readdir(dir, { recursive: true })) {
    const stat = await fs.lstat(path.join(dir, name)).catch(() => null);
    if (!stat || stat.isSocket() || stat.isSymbolicLink() || name.startsWith(`pglite${path.sep}`)) continue;
    if (stat.mode & 0o077) found.push(`${name} ${(stat.mode & 0o777).toString(8)}`);
  }
  return found;
}

describe('DATA_DIR, ratio.pid and ADMIN_EMAILS', () => {
  it('a fresh DATA_DIR and all it holds are owner-only; ratio.pid goes on a clean stop; ADMIN_EMAILS is warned about and grants nothing', async () => {
    const dataDir = path.join(root, 'data'); // made by the server
    const env = {
      DATA_DIR: dataDir,
      SESSION_SECRET: 's'.repeat(40),
      ADMIN_EMAILS: 'boss@example.com',
      ...(testDb ? { DATABASE_URL: testDb.url! } : {}),
    };
    const previous = process.umask(0o022); // the usual shell umask, which the child inherits
    let server;
    try {
      server = await startServerProcess(env, testDb ? ['--workers', '2'] : []);
    } finally {
      process.umask(previous);
    }
    try {
      const client = new TestClient(server.url);
      const reg = await client.post('/api/register', { email: 'Boss@Example.com', password: 'a-long-password', firstName: 'Not', lastName: 'Admin' });
      expect(reg.status).toBe(201);
      expect(reg.body).toMatchObject({ isAdmin: false });
      expect((await client.get('/api/admin/stats')).status).toBe(403);
      expect((await client.post('/api/start-free-trial')).status).toBe(200);
      expect((await client.request('POST', '/api/cards/1/upload', uploadForm(await jpegWithExif(300, 420)))).status).toBe(201);
      expect((await new TestClient(server.url).post('/api/forgot-password', { email: 'boss@example.com' })).status).toBe(200);
      // The reset email lands in the outbox after the answer.
      for (let i = 0; i < 100 && !(await fs.readdir(path.join(dataDir, 'outbox')).catch(() => [])).length; i++) await new Promise((r) => setTimeout(r, 100));
      expect((await fs.readdir(path.join(dataDir, 'outbox'))).length).toBeGreaterThan(0);
      expect((await fs.readdir(path.join(dataDir, 'images'), { recursive: true })).length).toBeGreaterThan(0);
      expect(await openToOthers(dataDir)).toEqual([]);
      expect(server.output()).toContain('ADMIN_EMAILS is set but no longer read');
    } finally {
      await server.stop();
    }
    await expect(fs.stat(path.join(dataDir, 'ratio.pid'))).rejects.toThrow(/ENOENT/);
  }, 180_000);
});
