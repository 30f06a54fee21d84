/**
 * CSV export and import of a 1,000-card gallery (issue 11), on PGlite and, when it answers, on
 * PostgreSQL: the preview (parse and check every row), the import (one transaction), and the
 * export of the 1,000 cards. Median of 5 runs after a warm-up; each import runs on a fresh account.
 *   npm run bench -- csv
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { exportCards } from '../api/services/cards/export-cards.ts';
import { importCards, previewImport } from '../api/services/cards/import-cards.ts';
import { EXPORT_COLUMNS } from '../core/csv/export-row.ts';
import { migrateLatest } from '../db/connection.ts';
import { createAccount } from '../tests/helpers/factories.ts';
import { createTestDb, postgresReachable, type TTestDbKind } from '../tests/helpers/db.ts';
import { fmt } from './lib.ts';

const ROWS = 1000;
const csv = [
  EXPORT_COLUMNS.join(','),
  ...Array.from({ length: ROWS }, (_, i) => `${i + 1},"2018 Prizm Player ${i + 1} #${i}","PSA 10 GEM MT • Cert #${40_000_000 + i}","$1,${String(i % 1000).padStart(3, '0')}",,"$2,000",,,,,,,`),
].join('\r\n');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function run(kind: TTestDbKind): Promise<void> {
  const testDb = await createTestDb(kind);
  const { db } = testDb;
  try {
    await migrateLatest(db);
    const now = new Date();
    const times = { preview: [] as number[], import: [] as number[], export: [] as number[] };
    for (let i = 0; i < 6; i++) {
      const user = await createAccount(db, 'pro');
      let t = performance.now();
      const look = await previewImport({ db, user, now, csv });
      const preview = performance.now() - t;
      if (look.errorCount) throw new Error(`unexpected row errors: ${JSON.stringify(look.errors.slice(0, 3))}`);
      t = performance.now();
      const done = await importCards({ db, user, now, csv });
      const imported = performance.now() - t;
      if (done.imported !== ROWS) throw new Error(`imported ${done.imported}`);
      t = performance.now();
      const file = await exportCards({ db, user, baseUrl: 'https://ratio.example' });
      const exported = performance.now() - t;
      if (file.split('\r\n').length < ROWS + 1) throw new Error('short export');
      if (i === 0) continue; // warm-up
      times.preview.push(preview);
      times.import.push(imported);
      times.export.push(exported);
    }
    console.log(`${kind.padEnd(8)} ${ROWS} rows (${fmt(csv.length / 1024, 0)} KB): preview ${fmt(median(times.preview), 0)} ms, import ${fmt(median(times.import), 0)} ms, export ${fmt(median(times.export), 0)} ms`);
  } finally {
    await testDb.drop();
  }
}

console.log(`load average ${os.loadavg().map((l) => fmt(l, 2)).join(' ')}; ${os.cpus().length} cores`);
await run('pglite');
if (await postgresReachable()) await run('postgres');
else console.log('postgres  not reachable: skipped');
