import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, testDbKind, type TTestDb } from '../helpers/db.ts';
import { startServerProcess } from '../helpers/process.ts';

/**
 * docs/choices.md 46: `ratio serve` runs with two malloc arenas (MALLOC_ARENA_MAX=2, read by glibc as a
 * process starts), set by executing itself once more in the same process; a value the operator
 * set is kept.
 */

let root: string;
const dbs: TTestDb[] = [];
// The servers inherit this process's environment: a MALLOC_ARENA_MAX given to the test run would be theirs.
const given = process.env.MALLOC_ARENA_MAX;
beforeAll(async () => {
  delete process.env.MALLOC_ARENA_MAX;
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'ratio-malloc-'));
});
afterAll(async () => {
  if (given !== undefined) process.env.MALLOC_ARENA_MAX = given;
  for (const db of dbs) await db.drop().catch(() => undefined);
  await fs.rm(root, { recursive: true, force: true });
});

/** The environment of a live process, as the kernel holds it. */
async function environOf(pid: number): Promise<Record<string, string>> {
  const raw = await fs.readFile(`/proc/${pid}/environ`, 'utf8');
  return Object.fromEntries(
    raw
      .split('\0')
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
  );
}

async function serverEnv(name: string, extra: Record<string, string>) {
  const env: Record<string, string> = { DATA_DIR: path.join(root, name), SESSION_SECRET: 's'.repeat(40), ...extra };
  if (testDbKind() === 'postgres') {
    const db = await createTestDb('postgres');
    await db.db.destroy();
    dbs.push(db);
    env.DATABASE_URL = db.url!;
  }
  return env;
}

describe.runIf(process.platform === 'linux')('the server’s malloc arenas', () => {
  it('serve runs with MALLOC_ARENA_MAX=2 in the process it was started as, and keeps an operator’s own value', async () => {
    const [plain, own] = await Promise.all([
      startServerProcess(await serverEnv('plain', {})),
      startServerProcess(await serverEnv('own', { MALLOC_ARENA_MAX: '4' })),
    ]);
    try {
      // The PID spawned is the one serving (the PID file names it): the same process, executed again.
      expect(Number(await fs.readFile(path.join(root, 'plain', 'ratio.pid'), 'utf8'))).toBe(plain.pid);
      expect((await environOf(plain.pid)).MALLOC_ARENA_MAX).toBe('2');
      expect((await environOf(own.pid)).MALLOC_ARENA_MAX).toBe('4');
      expect((await fetch(`${plain.url}/api/user`)).ok).toBe(true);
    } finally {
      await Promise.all([plain.stop(), own.stop()]);
    }
  }, 180_000);
});
