/**
 * Cost basis and P&L (docs/choices.md 45): unrealized gain on the cards held (the value that counts less
 * cost), realized gain on the cards sold (price less fees less cost), and selling a card: it leaves
 * the wall but its sale, with its value history, stays. All sums are core/prices.ts's.
 */
import type { Knex } from 'knex';
import { stringify } from 'csv-stringify/sync';
import { countedCents, countsValueOf, profitTotals, realizedGainCents, roiPercent, unrealizedGainCents, type TCountsValue } from '../../../core/prices.ts';
import { escapeCell } from '../../../core/csv/escape.ts';
import type { TProfitAnswer, TSaleView } from '../../../core/contracts/prices.types.ts';
import { CardSale } from '../../../db/models/CardSale.ts';
import { CardSlot } from '../../../db/models/CardSlot.ts';
import { CardValueHistory } from '../../../db/models/CardValueHistory.ts';
import { User } from '../../../db/models/User.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { ImageStore } from '../images/image-store.ts';
import { deleteImageRows, removeImageFiles } from '../images/save-card-image.ts';
import { assertCanEditSlots, lockEditor } from '../cards/slot-access.ts';

function presentSale(s: CardSale): TSaleView {
  const costCents = s.costCents === null ? null : Number(s.costCents);
  const sale = { soldCents: Number(s.soldCents), feesCents: Number(s.feesCents), costCents };
  const gain = realizedGainCents(sale);
  return { id: Number(s.id), title: s.card.title, soldOn: s.soldOn, ...sale, gainCents: gain, roiPercent: roiPercent(gain, costCents) };
}

/** The user's P&L: each card held, each sale, and the totals (realized + unrealized = total gain). Read-only. */
export async function profitSummary(opts: { db: Knex; user: Pick<User, 'id'> }): Promise<TProfitAnswer> {
  const user = await User.query(opts.db).findById(opts.user.id).select('countsValue');
  const wall: TCountsValue = user?.countsValue ?? 'own';
  const cards = await CardSlot.query(opts.db)
    .modify('ofUser', opts.user.id)
    .select('slotNumber', 'title', 'valueCents', 'marketCents', 'countsValue', 'costCents');
  const held = cards.map((c) => {
    const valueCents = countedCents(c, wall);
    const costCents = c.costCents === null ? null : Number(c.costCents);
    const gain = unrealizedGainCents(valueCents, costCents);
    return {
      slotNumber: c.slotNumber,
      title: c.title,
      counts: countsValueOf(c, wall),
      valueCents,
      costCents,
      gainCents: gain,
      roiPercent: roiPercent(gain, costCents),
    };
  });
  const sales = (
    await CardSale.query(opts.db)
      .where('userId', opts.user.id)
      .orderBy([
        { column: 'soldOn', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
  ).map(presentSale);
  return { countsValue: wall, totals: profitTotals(held, sales), cards: held, sales };
}

/**
 * Sells the card in a slot: the sale (price, fees, date, the card as it was and its value history)
 * is kept, the slot empties and the photo goes. One transaction; 404 for an empty slot.
 */
export async function sellCard(opts: {
  db: Knex;
  images: ImageStore;
  user: User;
  now: Date;
  slotNumber: number;
  soldCents: number;
  feesCents: number;
  soldOn: string;
}): Promise<TSaleView> {
  assertCanEditSlots(opts.user, opts.now, [opts.slotNumber]);
  if (opts.soldOn > opts.now.toISOString().slice(0, 10))
    throw badRequest('invalid_input', 'soldOn: A sale date cannot be in the future', { fields: { soldOn: 'A sale date cannot be in the future' } });
  const { sale, imageId } = await opts.db.transaction(async (trx) => {
    const user = await lockEditor(trx, opts.user.id, opts.now, [opts.slotNumber]);
    const card = await CardSlot.query(trx).where({ userId: user.id, slotNumber: opts.slotNumber }).first();
    if (!card) throw notFound(`Slot ${opts.slotNumber} is empty`, 'slot_empty');
    const history = await CardValueHistory.query(trx).where('cardId', card.id).orderBy('id');
    const { id: _id, userId: _u, imageId: _i, ...snapshot } = card.toJSON() as unknown as Record<string, unknown> & { title: string };
    const sale = await CardSale.query(trx).insertAndFetch({
      userId: user.id,
      cardId: card.id,
      card: snapshot,
      costCents: card.costCents,
      soldCents: opts.soldCents,
      feesCents: opts.feesCents,
      soldOn: opts.soldOn,
      history: history.map((h) => ({ at: h.recordedAt.toISOString(), cents: Number(h.valueCents), kind: h.kind })),
    });
    await CardSlot.query(trx).deleteById(card.id);
    if (card.imageId) await deleteImageRows(trx, [card.imageId]);
    return { sale, imageId: card.imageId };
  });
  if (imageId) await removeImageFiles(opts.images, opts.user.id, [imageId]);
  return presentSale(sale);
}

/** Signed cents as a plain amount a spreadsheet reads: '-12.50'; '' for none. */
function amountCell(cents: number | null): string {
  if (cents === null) return '';
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The realized gains of the sales of one year as CSV (formula-escaped, UTF-8 with a byte order mark). */
export async function realizedGainsCsv(opts: { db: Knex; user: Pick<User, 'id'>; year: number }): Promise<string> {
  const sales = await CardSale.query(opts.db)
    .where('userId', opts.user.id)
    .where('soldOn', '>=', `${opts.year}-01-01`)
    .where('soldOn', '<=', `${opts.year}-12-31`)
    .orderBy([{ column: 'soldOn' }, { column: 'id' }]);
  const rows = sales
    .map(presentSale)
    .map((s) => [
      escapeCell(s.title),
      s.soldOn,
      amountCell(s.costCents),
      amountCell(s.soldCents),
      amountCell(s.feesCents),
      amountCell(s.gainCents),
      s.roiPercent === null ? '' : String(s.roiPercent),
    ]);
  const header = ['Title', 'Sold On', 'Cost', 'Sold Price', 'Fees', 'Realized Gain', 'ROI %'];
  return `\ufeff${stringify([header, ...rows], { record_delimiter: 'windows' })}`;
}
