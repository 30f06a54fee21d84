/**
 * CollX's export (docs/choices.md 40): raw cards, one a row, with links to the photos it holds (not
 * fetched: an import brings the cards without photos). Ratio writes the same layout.
 */
import { BRANDS } from '../../analysis/vocabulary.ts';
import { cardDataOf } from '../../cards/card-data.ts';
import { cardForm } from '../../cards/form.ts';
import type { TReadLayout, TWriteLayout } from './layout.ts';
import { readCategory } from './text.ts';

const tidy = (s: string) => s.replace(/\s+/g, ' ').trim();

/** CollX's brand and set as one set line ('Panini' + 'Prizm' -> 'Panini Prizm'; 'Topps' + 'Topps Chrome' -> 'Topps Chrome'). */
function setLine(brand: string, set: string): string {
  return set.toLowerCase().startsWith(brand.toLowerCase()) ? tidy(set) : tidy(`${brand} ${set}`);
}

/** A set line split back into a brand (a known first brand word) and the rest. */
function brandOf(set: string): [string, string] {
  const first = set.split(' ')[0] ?? '';
  return BRANDS.includes(first.toUpperCase()) ? [first, tidy(set.slice(first.length))] : ['', set];
}

export const collxLayout: TReadLayout & TWriteLayout = {
  id: 'collx',
  name: 'CollX export',
  fileName: 'collx',
  detect: (names) => names.has('name') && names.has('brand') && (names.has('frontimage') || names.has('flags')),
  read(row) {
    const team = row.cell('team');
    return {
      slot: '',
      value: '',
      fields: {
        grader: 'raw',
        subject: row.cell('name'),
        cardNumber: row.cell('number'),
        year: row.cell('year'),
        set: setLine(row.cell('brand'), row.cell('set')),
        variety: row.cell('flags'),
        sport: readCategory(row.cell('category')),
        notes: team ? `Team: ${team}` : '',
      },
    };
  },
  header: () => ['category', 'number', 'name', 'team', 'year', 'brand', 'set', 'flags', 'front_image', 'back_image'],
  row(card, { imageLink }) {
    const f = cardForm(cardDataOf(card));
    const [brand, set] = brandOf(f.set);
    const team = /^Team: (.+)$/.exec(f.notes)?.[1] ?? '';
    return [f.sport, f.cardNumber, f.subject || card.title, team, f.year, brand, set, f.variety, card.originalUrl ? imageLink(card.originalUrl) : '', ''];
  },
};
