/**
 * Collectr's export (docs/choices.md 40): one row a product, with a quantity; grades written 'PSA 10.0
 * GEM - MT', 'SGC 9' or 'Ungraded' (a raw card's condition in its own column); the market price's
 * date is in its header; a sports set names its year ('2018 Topps Chrome'). A watchlist row is
 * listed, not added. Ratio writes the same layout: the card's market price (when it is market data,
 * docs/choices.md 45) as the Market Price with the collector's own value as the Price Override, else the own value as the Market Price.
 */
import { cardDataOf } from '../../cards/card-data.ts';
import { conditionOf } from '../../cards/grade.ts';
import { cardForm } from '../../cards/form.ts';
import { gradeInputs } from './cells.ts';
import type { TReadLayout, TWriteLayout } from './layout.ts';
import { marketDataCents } from './market-cells.ts';
import { plainDollars, readCategory, readDay } from './text.ts';

const MARKET_PRICE = 'marketpriceasof';

export const collectrLayout: TReadLayout & TWriteLayout = {
  id: 'collectr',
  name: 'Collectr export',
  fileName: 'collectr',
  detect: (names) => names.has('productname') && (names.has('portfolioname') || [...names].some((n) => n.startsWith(MARKET_PRICE))),
  read(row) {
    const grade = gradeInputs(row.cell('Grade'));
    const set = /^(\d{4}(?:-\d{2})?)\s+(.+)$/.exec(row.cell('Set'));
    const raw = grade.grader === 'raw' || (!grade.grader && !grade.grade);
    return {
      slot: '',
      value: row.cell('Price Override') || row.cellStarting(MARKET_PRICE),
      quantity: row.cell('Quantity'),
      ...(/^(true|yes|1)$/i.test(row.cell('Watchlist')) ? { notOwned: 'On the watchlist: not in the collection' } : {}),
      fields: {
        ...grade,
        ...(raw ? { grader: 'raw' as const, qualifier: row.cell('Card Condition') } : {}),
        subject: row.cell('Product Name'),
        ...(set ? { year: set[1], set: set[2] } : { set: row.cell('Set') }),
        cardNumber: row.cell('Card Number'),
        variety: row.cell('Variance') || row.cell('Rarity'),
        sport: readCategory(row.cell('Category')),
        cost: row.cell('Average Cost Paid'),
        acquiredOn: readDay(row.cell('Date Added')),
        notes: row.cell('Notes'),
      },
    };
  },
  header: (now) => [
    'Portfolio Name',
    'Category',
    'Set',
    'Product Name',
    'Card Number',
    'Rarity',
    'Variance',
    'Grade',
    'Card Condition',
    'Average Cost Paid',
    'Quantity',
    `Market Price (As of ${now.toISOString().slice(0, 10)})`,
    'Price Override',
    'Watchlist',
    'Date Added',
    'Notes',
  ],
  row(card) {
    const d = cardDataOf(card);
    const f = cardForm(d);
    const raw = d.grader === 'raw' || d.grader === null;
    const own = plainDollars(card.valueCents) || (card.value ?? '');
    const market = marketDataCents(card);
    return [
      'Ratio',
      f.sport,
      [f.year, f.set].filter(Boolean).join(' '),
      f.subject || card.title,
      f.cardNumber,
      '',
      f.variety,
      raw ? 'Ungraded' : conditionOf({ ...d, qualifier: null, autographGrade: null }),
      raw ? f.qualifier : '',
      plainDollars(d.costCents),
      '1',
      market === null ? own : plainDollars(market),
      market === null ? '' : own,
      'false',
      d.acquiredOn ?? '',
      f.notes,
    ];
  },
};
