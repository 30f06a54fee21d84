import fs from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';

/**
 * A fingerprint of everything saved: every table's rows (found from the catalogue, so new tables
 * are covered) and every file in the image store. Two bookkeeping stamps are left out: a session's
 * last_seen_at, which a signed-in read may touch, and an account's subscription_synced_at, which a
 * billing call that re-reads the provider before refusing may touch.
 */
export async function savedState(db: Knex, imagesDir: string): Promise<string> {
  const tables = (await db('information_schema.tables')
    .where({ table_schema: db.raw('current_schema()'), table_type: 'BASE TABLE' })
    .whereNot('table_name', 'like', 'knex_migrations%')
    .orderBy('table_name')
    .pluck('table_name')) as string[];
  const parts = tables.map(
    (t) =>
      `select '${t}' as t, count(*) as n, md5(coalesce(string_agg((to_jsonb(x) - 'last_seen_at' - 'subscription_synced_at')::text, '|' order by (to_jsonb(x) - 'last_seen_at' - 'subscription_synced_at')::text), '')) as h from "${t}" x`,
  );
  const { rows } = (await db.raw(parts.join(' union all '))) as { rows: Array<{ t: string; n: number; h: string }> };
  const files = await fs.readdir(imagesDir, { recursive: true }).catch(() => [] as string[]);
  return JSON.stringify({ rows, files: files.map((f) => path.normalize(f)).sort() });
}
