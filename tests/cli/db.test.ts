import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../api/env.ts';
import { runDbMigrate, runDbRollback } from '../../cli/commands/db.ts';
import { createTestDb, testDbKind } from '../helpers/db.ts';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

describe('ratio db migrate / rollback', () => {
  it('applies every migration once, rolls the last batch back, and applies it again', async () => {
    let env;
    let cleanup: () => Promise<void>;
    if (testDbKind() === 'postgres') {
      const testDb = await createTestDb('postgres');
      await testDb.db.destroy();
      env = parseEnv({ DATABASE_URL: testDb.url!, LOG_LEVEL: 'silent' });
      cleanup = () => testDb.drop();
    } else {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ratio-cli-'));
      env = parseEnv({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
      cleanup = () => fs.rm(dir, { recursive: true, force: true });
    }
    try {
      const applied = await runDbMigrate(env);
      expect(applied).toContain('20261121100000_accounts');
      expect(applied).toContain('20261121110000_cards');
      expect(await runDbMigrate(env)).toEqual([]);
      const rolled = await runDbRollback(env);
      expect(rolled.length).toBe(applied.length);
      expect(await runDbMigrate(env)).toEqual(applied);
    } finally {
      await cleanup();
    }
  }, 120_000); // four opens of a new PGlite folder, each a process's worth of start-up
});
