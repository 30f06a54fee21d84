/**
 * PSA's My Collection export (docs/choices.md 40): 33 columns, '-' for an empty cell, dates MM/DD/YYYY.
 * A card's value is My Value, else PSA Estimate; My Cost is what was paid. A sold item is listed,
 * not added. Ratio writes the same layout: PSA Estimate is the card's market price (when it is market
 * data), Gain/Loss the value that counts less My Cost, and each sold card a Sold row with its date,
 * price, fees, proceeds and realized gain (docs/choices.md 45).
 */
import { cardDataOf } from '../../cards/card-data.ts';
import { cardForm } from '../../cards/form.ts';
import { autographInput, graderInput, gradeInputs } from './cells.ts';
import type { TReadLayout, TWriteLayout } from './layout.ts';
import type { TSlotView } from '../../contracts/cards.types.ts';
import { gainCents, marketDataCents } from './market-cells.ts';
import { realizedGainCents } from '../../prices.ts';
import { plainDollars, readCategory, readDay, usDay } from './text.ts';

/** The export's header, as PSA writes it. */
export const PSA_COLLECTION_COLUMNS = [
  'Item Status',
  'Item',
  'Cert Number',
  'Grade Issuer',
  'Grade',
  'Autograph Grade',
  'Year',
  'Set',
  'Card Number',
  'Subject',
  'Variety',
  'Serial',
  'Category',
  'My Cost',
  'PSA Estimate',
  'Gain/Loss',
  'My Value',
  'Date Acquired',
  'Source',
  'My Notes',
  'Vault Status',
  'Vaulted Date',
  'Days Vaulted',
  'Listing Status',
  'Listing Date',
  'Listing Price',
  'Sold Status',
  'Sold On',
  'Sold Date',
  'Sold Price',
  'Sold Fees',
  'Sold Proceeds',
  'Payment Date',
] as const;

export const psaCollectionLayout: TReadLayout & TWriteLayout = {
  id: 'psa-collection',
  name: 'PSA My Collection export',
  fileName: 'psa-my-collection',
  empty: new Set(['-']),
  detect: (names) => names.has('itemstatus') && names.has('gradeissuer') && (names.has('psaestimate') || names.has('myvalue')),
  read(row) {
    const sold = row.cell('Sold Status') || (/sold/i.test(row.cell('Item Status')) ? row.cell('Item Status') : '');
    const soldOn = row.cell('Sold Date');
    const cert = row.cell('Cert Number');
    // A grade or cert without an issuer named is PSA's (it is PSA's list).
    const grade = gradeInputs(row.cell('Grade'), graderInput(row.cell('Grade Issuer')));
    return {
      slot: '',
      value: row.cell('My Value') || row.cell('PSA Estimate'),
      ...(sold ? { notOwned: `Sold${soldOn ? ` on ${soldOn}` : ''}: no longer in the collection` } : {}),
      fields: {
        ...grade,
        grader: grade.grader || (grade.grade || grade.qualifier || cert ? 'PSA' : ''),
        certNumber: cert,
        autographGrade: autographInput(row.cell('Autograph Grade')),
        year: row.cell('Year'),
        set: row.cell('Set'),
        cardNumber: row.cell('Card Number'),
        subject: row.cell('Subject'),
        variety: row.cell('Variety'),
        serial: row.cell('Serial'),
        sport: readCategory(row.cell('Category')),
        cost: row.cell('My Cost'),
        acquiredOn: readDay(row.cell('Date Acquired')),
        source: row.cell('Source'),
        notes: row.cell('My Notes'),
      },
    };
  },
  header: () => PSA_COLLECTION_COLUMNS,
  row(card, context) {
    return psaRow(card, {
      status: 'Active',
      estimate: plainDollars(marketDataCents(card)),
      gain: plainDollars(gainCents(card, context)),
      value: plainDollars(card.valueCents) || (card.value ?? ''),
    });
  },
  soldRow(card, sale) {
    return psaRow(card, {
      status: 'Sold',
      estimate: '',
      gain: plainDollars(realizedGainCents(sale)),
      value: '',
      sold: ['Sold', '', usDay(sale.soldOn), plainDollars(sale.soldCents), plainDollars(sale.feesCents), plainDollars(sale.soldCents - sale.feesCents)],
    });
  },
};

/** One row of PSA's layout: the card's cells, the figures given, and (for a sold card) Sold Status to Sold Proceeds. */
function psaRow(card: TSlotView, cells: { status: string; estimate: string; gain: string; value: string; sold?: string[] }): string[] {
  const d = cardDataOf(card);
  const f = cardForm(d);
  const issuer = d.grader === 'raw' ? 'Raw' : d.grader === 'other' ? 'Other' : (d.grader ?? '');
  const row = [
    cells.status,
    card.title,
    f.certNumber,
    issuer,
    f.grade,
    f.autographGrade,
    f.year,
    f.set,
    f.cardNumber,
    f.subject,
    f.variety,
    f.serial,
    f.sport,
    plainDollars(d.costCents),
    cells.estimate,
    cells.gain,
    cells.value,
    usDay(d.acquiredOn),
    f.source,
    f.notes,
    // Vault Status to Listing Price: Ratio knows none of them.
    '',
    '',
    '',
    '',
    '',
    '',
    ...(cells.sold ?? []),
  ];
  return [...row, ...Array.from({ length: PSA_COLLECTION_COLUMNS.length - row.length }, () => '')].map((c) => c || '-');
}
