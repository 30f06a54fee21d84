import type { Knex } from 'knex';
import { stringify } from 'csv-stringify/sync';
import type { TExportLayout } from '../../../core/csv/export-layouts.ts';
import { exportRow } from '../../../core/csv/export-row.ts';
import { escapeCell } from '../../../core/csv/escape.ts';
import type { TWriteLayout } from '../../../core/csv/layouts/layout.ts';
import { WRITE_LAYOUTS } from '../../../core/csv/layouts/index.ts';
import { CardSale } from '../../../db/models/CardSale.ts';
import type { CardMarket } from '../../../db/models/CardMarket.ts';
import { CardSlot } from '../../../db/models/CardSlot.ts';
import type { User } from '../../../db/models/User.ts';
import type { TSlotView } from '../../../core/contracts/cards.types.ts';
import { marketsOf } from '../prices/card-market.ts';

/**
 * The user's cards as a CSV file in `layout` (docs/choices.md 29; docs/choices.md 40: Ratio's own, or PSA My
 * Collection's, Collectr's, Card Ladder's, CollX's, on every tier), in slot order, formula-escaped,
 * with a UTF-8 byte order mark so spreadsheets read '•' and accents right. Values and all-time
 * highs are the ones the gallery shows (`present`, the caller's presentSlot); photo links are absolute URLs on `baseUrl`
 * that open for the signed-in owner. Market and gain columns follow the wall's choice of value (docs/choices.md 45);
 * a layout with sold columns (PSA's) lists the sold cards after the wall's, by sale date. Read-only.
 */
export async function exportCards(opts: {
  db: Knex;
  user: Pick<User, 'id' | 'countsValue'>;
  baseUrl: string;
  present: (card: CardSlot, details: CardMarket | null) => TSlotView;
  layout?: TExportLayout;
  now?: Date;
}): Promise<string> {
  const layout: TWriteLayout = WRITE_LAYOUTS[opts.layout ?? 'ratio'];
  const now = opts.now ?? new Date();
  const cards = await CardSlot.query(opts.db).modify('ofUser', opts.user.id);
  const markets = await marketsOf(
    opts.db,
    cards.map((c) => c.id),
  );
  const context = { imageLink: (path: string) => opts.baseUrl + path, now, countsValue: opts.user.countsValue };
  const rows = cards.map((card) => exportRow(opts.present(card, markets.get(card.id) ?? null), context, layout));
  const soldRow = layout.soldRow;
  if (soldRow) {
    const sales = await CardSale.query(opts.db)
      .where('userId', opts.user.id)
      .orderBy([{ column: 'soldOn' }, { column: 'id' }]);
    for (const sale of sales) rows.push(soldRow(opts.present(soldCard(sale), null), sale, context).map(escapeCell));
  }
  return `\ufeff${stringify([[...layout.header(now)], ...rows], { record_delimiter: 'windows' })}`;
}

/** The file name an export is offered under: ratio-cards-YYYY-MM-DD.csv, psa-my-collection-YYYY-MM-DD.csv, … */
export function exportFileName(now: Date, layout: TExportLayout = 'ratio'): string {
  return `${WRITE_LAYOUTS[layout].fileName}-${now.toISOString().slice(0, 10)}.csv`;
}

/** A sold card as the card it was (card_sales keeps its fields): no photo, off the wall. */
function soldCard(sale: CardSale): CardSlot {
  const at = (v: unknown) => new Date(typeof v === 'string' ? v : sale.createdAt);
  return CardSlot.fromJson(
    { ...sale.card, id: sale.cardId, userId: sale.userId, imageId: null, createdAt: at(sale.card.createdAt), updatedAt: at(sale.card.updatedAt) },
    { skipValidation: true },
  );
}
