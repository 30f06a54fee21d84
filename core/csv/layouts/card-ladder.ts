/**
 * Card Ladder's export (docs/choices.md 40): one row a card or a lot of them (Quantity), its condition
 * ('PSA 10', 'Raw'), what was paid (Investment) and its Current Value for the whole row, the cert
 * of a graded card. Ratio writes the same layout: Current Value is the value that counts in totals (own
 * or market, docs/choices.md 45) and Potential Profit that value less the Investment.
 */
import { cardDataOf } from '../../cards/card-data.ts';
import { conditionOf } from '../../cards/grade.ts';
import { cardForm } from '../../cards/form.ts';
import { gradeInputs } from './cells.ts';
import type { TReadLayout, TWriteLayout } from './layout.ts';
import { countedValueCents, gainCents } from './market-cells.ts';
import { perCard, plainDollars, readCategory, readDay } from './text.ts';

export const CARD_LADDER_COLUMNS = [
  'Date Purchased',
  'Quantity',
  'Card',
  'Subject',
  'Year',
  'Set',
  'Variation',
  'Number',
  'Category',
  'Condition',
  'Investment',
  'Current Value',
  'Potential Profit',
  'Graded Cert #',
  'Population',
  'Notes',
] as const;

export const cardLadderLayout: TReadLayout & TWriteLayout = {
  id: 'card-ladder',
  name: 'Card Ladder export',
  fileName: 'card-ladder',
  detect: (names) => names.has('gradedcert') && names.has('investment'),
  read(row) {
    const quantity = row.cell('Quantity');
    const each = Math.max(1, Number.parseInt(quantity, 10) || 1);
    const grade = gradeInputs(row.cell('Condition'));
    return {
      slot: '',
      // Investment and Current Value are the row's totals: each card gets its share.
      value: perCard(row.cell('Current Value'), each),
      quantity,
      fields: {
        ...grade,
        grader: grade.grader || (grade.grade ? 'other' : 'raw'),
        subject: row.cell('Subject') || row.cell('Card'),
        year: row.cell('Year'),
        set: row.cell('Set'),
        variety: row.cell('Variation'),
        cardNumber: row.cell('Number'),
        sport: readCategory(row.cell('Category')),
        certNumber: row.cell('Graded Cert #', 'Graded Cert', 'Cert'),
        cost: perCard(row.cell('Investment'), each),
        acquiredOn: readDay(row.cell('Date Purchased')),
        notes: row.cell('Notes'),
      },
    };
  },
  header: () => CARD_LADDER_COLUMNS,
  row(card, context) {
    const d = cardDataOf(card);
    const f = cardForm(d);
    const counted = countedValueCents(card, context);
    const profit = plainDollars(gainCents(card, context));
    return [
      d.acquiredOn ?? '',
      '1',
      card.title,
      f.subject,
      f.year,
      f.set,
      f.variety,
      f.cardNumber,
      f.sport,
      d.grader === 'raw' || d.grader === null ? 'Raw' : conditionOf({ ...d, qualifier: null, autographGrade: null }),
      plainDollars(d.costCents),
      counted === card.valueCents ? plainDollars(card.valueCents) || (card.value ?? '') : plainDollars(counted),
      profit,
      f.certNumber,
      '',
      f.notes,
    ];
  },
};
