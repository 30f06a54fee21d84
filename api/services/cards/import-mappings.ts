import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { TColumnMapping } from '../../../core/csv/layouts/mapped.ts';
import { squash } from '../../../core/csv/layouts/layout.ts';
import { ImportMapping } from '../../../db/models/ImportMapping.ts';

/** A header's key: the hash of its column names, squashed and joined (the same columns, the same key). */
export function headerKey(header: readonly string[]): string {
  return createHash('sha256').update(header.map(squash).join('|')).digest('hex');
}

/** The mapping the user last imported files with this header by; null when none. */
export async function rememberedMapping(db: Knex | Knex.Transaction, userId: number, header: readonly string[]): Promise<TColumnMapping | null> {
  const row = await ImportMapping.query(db)
    .where({ userId, headerKey: headerKey(header) })
    .first();
  return row?.mapping ?? null;
}

/** Remembers `mapping` for files with this header (replacing an older one). Call in the import's transaction. */
export async function rememberMapping(trx: Knex.Transaction, userId: number, header: readonly string[], mapping: TColumnMapping, now: Date): Promise<void> {
  await ImportMapping.query(trx)
    .insert({ userId, headerKey: headerKey(header), mapping, updatedAt: now })
    .onConflict(['user_id', 'header_key'])
    .merge(['mapping', 'updated_at']);
}
