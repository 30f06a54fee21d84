/**
 * Ratio's own file (docs/choices.md 29, 40): every card with its slot, the spec's text as typed, values
 * as typed and as numbers, the card's own fields, dates and a photo link. Importing an export into
 * an empty account gives the same cards.
 */
import { cardDataOf } from '../../cards/card-data.ts';
import type { TCardForm } from '../../cards/form.ts';
import { cardForm } from '../../cards/form.ts';
import { centsCell } from '../money.ts';
import { graderInput, gradeInputs, subgradeInputs, subgradesCell } from './cells.ts';
import type { TReadLayout, TWriteLayout } from './layout.ts';
import { isMarketView } from '../../contracts/market-view.ts';
import { countsValueOf } from '../../prices.ts';
import { gainCents } from './market-cells.ts';

/** The export's header, in order; the import reads Ratio's files by these names. */
export const RATIO_COLUMNS = [
  'Slot',
  'Title',
  'Description',
  'Value',
  'Value (USD)',
  'All-Time High',
  'All-Time High (USD)',
  'Grader',
  'Grade',
  'Cert Number',
  'Qualifier',
  'Year',
  'Set',
  'Card Number',
  'Subject',
  'Variety',
  'Sport',
  'Serial',
  'Autograph Grade',
  'Subgrades',
  'Cost (USD)',
  'Acquired On',
  'Source',
  'Notes',
  'Market Value (USD)',
  'Market Source',
  'Market As Of',
  'Counts In Totals',
  'Gain (USD)',
  'Added',
  'Updated',
  'Image',
] as const;

/** Columns of the card's fields and the form input each fills (an older export has only some). */
const FIELD_COLUMNS: ReadonlyArray<readonly [string, Exclude<keyof TCardForm, 'grader'>]> = [
  ['Qualifier', 'qualifier'],
  ['Cert Number', 'certNumber'],
  ['Year', 'year'],
  ['Set', 'set'],
  ['Card Number', 'cardNumber'],
  ['Subject', 'subject'],
  ['Variety', 'variety'],
  ['Sport', 'sport'],
  ['Serial', 'serial'],
  ['Autograph Grade', 'autographGrade'],
  ['Cost (USD)', 'cost'],
  ['Acquired On', 'acquiredOn'],
  ['Source', 'source'],
  ['Notes', 'notes'],
];

export const ratioLayout: TReadLayout & TWriteLayout = {
  id: 'ratio',
  name: 'Ratio export',
  fileName: 'ratio-cards',
  detect: (names) => names.has('slot') && names.has('title'),
  read(row) {
    const fields: Partial<TCardForm> = {};
    for (const [column, key] of FIELD_COLUMNS) if (row.has(column)) fields[key] = row.cell(column);
    if (row.has('Grader') || row.has('Grade')) {
      const grade = gradeInputs(row.cell('Grade'), graderInput(row.cell('Grader')));
      // An older export wrote the grade with its words ('10 GEM MT'); the qualifier column, when there is one, wins.
      Object.assign(fields, { grader: grade.grader, grade: grade.grade }, row.has('Qualifier') ? {} : { qualifier: grade.qualifier });
    }
    if (row.has('Subgrades')) Object.assign(fields, subgradeInputs(row.cell('Subgrades')));
    return {
      slot: row.cell('Slot', 'Slot Number'),
      title: row.cell('Title'),
      description: row.cell('Description'),
      value: row.cell('Value'),
      valueNumber: row.has('Value (USD)') ? row.cell('Value (USD)') : null,
      allTimeHigh: row.cell('All-Time High'),
      allTimeHighNumber: row.has('All-Time High (USD)') ? row.cell('All-Time High (USD)') : null,
      fields,
    };
  },
  header: () => RATIO_COLUMNS,
  row(card, context) {
    const d = cardDataOf(card);
    const f = cardForm(d);
    const m = isMarketView(card.market) ? card.market : null;
    // A price list's figure says so in its source (never taken for market data).
    const source = m?.source ? `${m.source}${m.isMarketData ? '' : ' (not market data)'}` : '';
    return [
      String(card.slotNumber),
      card.title,
      card.description,
      card.value ?? '',
      centsCell(card.valueCents),
      card.allTimeHigh ?? '',
      centsCell(card.allTimeHighCents),
      f.grader,
      f.grade,
      f.certNumber,
      f.qualifier,
      f.year,
      f.set,
      f.cardNumber,
      f.subject,
      f.variety,
      f.sport,
      f.serial,
      f.autographGrade,
      subgradesCell(d.subgrades),
      centsCell(d.costCents),
      f.acquiredOn,
      f.source,
      f.notes,
      centsCell(card.market?.cents ?? null),
      source,
      m?.asOf ?? '',
      countsValueOf(card, context.countsValue),
      centsCell(gainCents(card, context)),
      card.createdAt ?? '',
      card.updatedAt ?? '',
      card.originalUrl ? context.imageLink(card.originalUrl) : '',
    ];
  },
};
