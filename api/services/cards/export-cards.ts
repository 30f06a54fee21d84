import type { Knex } from 'knex';
import { stringify } from 'csv-stringify/sync';
import { EXPORT_COLUMNS, exportRow } from '../../../core/csv/export-row.ts';
import { CardSlot } from '../../../db/models/CardSlot.ts';
import type { User } from '../../../db/models/User.ts';
import { presentSlot } from '../../presenters/card.ts';

/**
 * The user's cards as a CSV file (issue 11), in slot order: the columns of core/csv/export-row.ts,
 * formula-escaped, with a UTF-8 byte order mark so spreadsheets read '•' and accents right. Values
 * and all-time highs are the ones the gallery shows (presentSlot); image links are absolute URLs
 * on `baseUrl` that open for the signed-in owner. Read-only.
 */
export async function exportCards(opts: { db: Knex; user: Pick<User, 'id'>; baseUrl: string }): Promise<string> {
  const cards = await CardSlot.query(opts.db).modify('ofUser', opts.user.id);
  const rows = cards.map((card) => exportRow(presentSlot(card), (path) => opts.baseUrl + path));
  return `\ufeff${stringify([[...EXPORT_COLUMNS], ...rows], { record_delimiter: 'windows' })}`;
}

/** The file name the export is offered under: ratio-cards-YYYY-MM-DD.csv. */
export function exportFileName(now: Date): string {
  return `ratio-cards-${now.toISOString().slice(0, 10)}.csv`;
}
