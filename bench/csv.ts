/**
 * CSV export and import of a 1,000-card gallery (docs/choices.md 29, 40), on PGlite and, when it
 * answers, on PostgreSQL: for each layout the import reads (Ratio's export, PSA My Collection's
 * 33 columns, Collectr's, and another app's file read by a column mapping), the preview (parse,
 * read and place every row), the import (one transaction) and the export of the 1,000 cards.
 * Beside them, the reference of the same run: csv-parse alone on the same text. Budgets (docs/choices.md 40):
 * preview of 1,000 rows < 300 ms, import < 1 s. Median of 5 runs after a warm-up; each import runs
 * on a fresh account.
 *   npm run bench -- csv
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parse } from 'csv-parse/sync';
import { exportCards } from '../api/services/cards/export-cards.ts';
import { presentSlot } from '../api/presenters/card.ts';
import { importCards, previewImport } from '../api/services/cards/import-cards.ts';
import { EXPORT_COLUMNS } from '../core/csv/export-row.ts';
import { PSA_COLLECTION_COLUMNS } from '../core/csv/layouts/psa-collection.ts';
import type { TColumnMapping } from '../core/csv/layouts/mapped.ts';
import { migrateLatest } from '../db/connection.ts';
import { createAccount } from '../tests/helpers/factories.ts';
import { createTestDb, postgresReachable, type TTestDbKind } from '../tests/helpers/db.ts';
import { fmt } from './lib.ts';

const ROWS = 1000;
const BUDGET = { preview: 300, import: 1000 };
const rows = (make: (i: number) => string) => Array.from({ length: ROWS }, (_, i) => make(i));

const FILES: Array<{ name: string; csv: string; mapping?: TColumnMapping }> = [
  {
    name: 'Ratio export',
    csv: [
      EXPORT_COLUMNS.join(','),
      ...rows(
        (i) => `${i + 1},"2018 Prizm Player ${i + 1} #${i}","PSA 10 GEM MT","$1,${String(i % 1000).padStart(3, '0')}",,"$2,000",,PSA,10,${40_000_000 + i}`,
      ),
    ].join('\r\n'),
  },
  {
    name: 'PSA My Collection',
    csv: [
      PSA_COLLECTION_COLUMNS.join(','),
      ...rows(
        (i) =>
          `Active,2024 TOPPS CHROME #${i} PLAYER ${i},${120_000_000 + i},PSA,${10 - (i % 4)},-,2024,TOPPS CHROME,${i},PLAYER ${i},REFRACTOR,${(i % 99) + 1}/99,BASEBALL CARDS,${25 + (i % 50)},${60 + i},-,-,11/${String((i % 28) + 1).padStart(2, '0')}/2025,Power Packs,-,Vaulted,09/17/2025,347,-,-,-,-,-,-,-,-,-,-`,
      ),
    ].join('\r\n'),
  },
  {
    name: 'Collectr',
    csv: [
      'Portfolio Name,Category,Set,Product Name,Card Number,Rarity,Variance,Grade,Card Condition,Average Cost Paid,Quantity,Market Price (As of 2025-11-20),Price Override,Watchlist,Date Added,Notes',
      ...rows(
        (i) =>
          `Main,Pokemon,Base Set,Card ${i},${i}/102,Rare,Holofoil,${i % 3 ? 'PSA 9.0 MINT' : 'Ungraded'},${i % 3 ? '' : 'Near Mint'},12.50,1,${40 + i}.00,,false,2025-10-01,`,
      ),
    ].join('\r\n'),
  },
  {
    name: 'another app, mapped',
    csv: [
      'Player,Yr,Brand / Set,No.,Grading Co,Grade,Cert,Paid,Worth,Bought',
      ...rows((i) => `Player ${i},1989,Upper Deck,${i},PSA,8,${44_000_000 + i},$120,$300,06/01/2024`),
    ].join('\r\n'),
    mapping: {
      subject: 'Player',
      year: 'Yr',
      set: 'Brand / Set',
      cardNumber: 'No.',
      grader: 'Grading Co',
      grade: 'Grade',
      certNumber: 'Cert',
      cost: 'Paid',
      value: 'Worth',
      acquiredOn: 'Bought',
    },
  },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const verdict = (ms: number, budget: number) => `${fmt(ms, 0)} ms (${ms < budget ? 'within' : 'OVER'} ${budget} ms)`;

async function run(kind: TTestDbKind): Promise<void> {
  const testDb = await createTestDb(kind);
  const { db } = testDb;
  try {
    await migrateLatest(db);
    const now = new Date();
    for (const file of FILES) {
      const times = { parse: [] as number[], preview: [] as number[], import: [] as number[], export: [] as number[] };
      for (let i = 0; i < 6; i++) {
        const user = await createAccount(db, 'pro');
        let t = performance.now();
        parse(file.csv, { bom: true, relax_column_count: true });
        const parsed = performance.now() - t;
        t = performance.now();
        const look = await previewImport({ db, user, now, csv: file.csv, mapping: file.mapping });
        const preview = performance.now() - t;
        if (look.errorCount || look.cardCount !== ROWS)
          throw new Error(`${file.name}: ${look.cardCount} cards, errors ${JSON.stringify(look.errors.slice(0, 3))}`);
        t = performance.now();
        const done = await importCards({ db, user, now, csv: file.csv, mapping: file.mapping });
        const imported = performance.now() - t;
        if (done.imported !== ROWS) throw new Error(`${file.name}: imported ${done.imported}`);
        t = performance.now();
        const out = await exportCards({ db, user, baseUrl: 'https://ratio.example', present: presentSlot });
        const exported = performance.now() - t;
        if (out.split('\r\n').length < ROWS + 1) throw new Error('short export');
        if (i === 0) continue; // warm-up
        times.parse.push(parsed);
        times.preview.push(preview);
        times.import.push(imported);
        times.export.push(exported);
      }
      console.log(
        `${kind.padEnd(8)} ${file.name.padEnd(20)} ${ROWS} rows (${fmt(file.csv.length / 1024, 0)} KB): csv-parse alone ${fmt(median(times.parse), 0)} ms; preview ${verdict(median(times.preview), BUDGET.preview)}, import ${verdict(median(times.import), BUDGET.import)}, export ${fmt(median(times.export), 0)} ms`,
      );
    }
  } finally {
    await testDb.drop();
  }
}

console.log(
  `load average ${os
    .loadavg()
    .map((l) => fmt(l, 2))
    .join(' ')}; ${os.cpus().length} cores`,
);
await run('pglite');
if (await postgresReachable()) await run('postgres');
else console.log('postgres  not reachable: skipped');
