/**
 * Any other file (docs/choices.md 40): the collector says which column holds what (the dialog's mapping
 * step, remembered per header); guessMapping proposes one from the column names.
 */
import { identityFromTitle } from '../../cards/from-text.ts';
import { autographInput, graderInput, gradeInputs } from './cells.ts';
import { squash, type TReadLayout } from './layout.ts';
import { readCategory, readDay } from './text.ts';
import { MAP_FIELDS, type TColumnMapping, type TMapField } from './map-fields.ts';

export { MAP_FIELDS, type TColumnMapping, type TMapField } from './map-fields.ts';

/** Column names (squashed) each field is guessed from, best first; a name that contains one counts too. */
const GUESSES: Readonly<Record<TMapField, readonly string[]>> = {
  title: ['card', 'cardname', 'item', 'title', 'description', 'product', 'productname'],
  subject: ['player', 'subject', 'playername', 'athlete', 'name', 'character', 'players'],
  year: ['year', 'season', 'releaseyear'],
  set: ['set', 'setname', 'brand', 'product', 'series'],
  cardNumber: ['cardnumber', 'number', 'cardno', 'no', 'num'],
  variety: ['variety', 'parallel', 'variation', 'insert', 'rarity'],
  sport: ['sport', 'category', 'league'],
  serial: ['serial', 'serialnumber', 'numbered', 'printrun'],
  grader: ['grader', 'gradingcompany', 'company', 'gradeissuer', 'grading'],
  grade: ['grade', 'condition', 'cardgrade'],
  certNumber: ['cert', 'certnumber', 'certificationnumber', 'certno', 'serialcert'],
  autographGrade: ['autographgrade', 'autograde'],
  value: ['value', 'marketvalue', 'currentvalue', 'price', 'estimatedvalue', 'marketprice'],
  cost: ['cost', 'pricepaid', 'paid', 'purchaseprice', 'costbasis', 'investment'],
  acquiredOn: ['dateacquired', 'purchasedate', 'datepurchased', 'acquired', 'date', 'dateadded'],
  source: ['source', 'seller', 'boughtfrom', 'store'],
  notes: ['notes', 'note', 'comments', 'comment'],
  quantity: ['quantity', 'qty', 'count', 'copies'],
};

/** A mapping proposed from a header: each field to the first column whose name is (or contains) one of its names. */
export function guessMapping(header: readonly string[]): TColumnMapping {
  const names = header.map(squash);
  const used = new Set<number>();
  const out: TColumnMapping = {};
  for (const field of MAP_FIELDS) {
    const exact = GUESSES[field].map((g) => names.findIndex((n, i) => n === g && !used.has(i))).find((i) => i >= 0);
    const near = exact ?? GUESSES[field].map((g) => names.findIndex((n, i) => g.length > 3 && n.includes(g) && !used.has(i))).find((i) => i >= 0);
    if (near !== undefined) {
      used.add(near);
      out[field] = header[near]!;
    }
  }
  if (out.subject && out.title) delete out.title;
  return out;
}

/** The layout a mapping makes: each mapped column read into its field. */
export function mappedLayout(mapping: TColumnMapping): TReadLayout {
  return {
    id: 'mapped',
    name: 'Your columns',
    detect: () => true,
    read(row) {
      const get = (field: TMapField) => (mapping[field] ? row.cell(mapping[field]) : '');
      const has = (field: TMapField) => Boolean(mapping[field]);
      const named = !has('subject') && has('title') ? identityFromTitle(get('title')) : null;
      const grade = has('grade') || has('grader') ? gradeInputs(get('grade'), graderInput(get('grader'))) : {};
      const text = (field: 'year' | 'set' | 'cardNumber' | 'variety' | 'serial' | 'certNumber' | 'source' | 'notes') =>
        has(field) ? { [field]: get(field) } : {};
      return {
        slot: '',
        value: get('value'),
        quantity: get('quantity'),
        fields: {
          ...(named ? { subject: named.subject ?? '', year: named.year ?? '', set: named.set ?? '', cardNumber: named.cardNumber ?? '' } : {}),
          ...(has('subject') ? { subject: get('subject') } : {}),
          ...text('year'),
          ...text('set'),
          ...text('cardNumber'),
          ...text('variety'),
          ...text('serial'),
          ...text('certNumber'),
          ...text('source'),
          ...text('notes'),
          ...grade,
          ...(has('sport') ? { sport: readCategory(get('sport')) } : {}),
          ...(has('autographGrade') ? { autographGrade: autographInput(get('autographGrade')) } : {}),
          ...(has('cost') ? { cost: get('cost') } : {}),
          ...(has('acquiredOn') ? { acquiredOn: readDay(get('acquiredOn')) } : {}),
        },
      };
    },
  };
}
