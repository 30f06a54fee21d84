/**
 * docs/product.md §3 "Gallery card sent on transfer": how an anonymous browser card becomes a gallery card.
 * One implementation for the pricing page, complete-setup and the API's migrate call.
 */
import type { TCardData } from './cards/card-data.ts';
import { parseGradeText } from './cards/grade.ts';
import { certProblem, normalizeCert, yearProblem } from './cards/rules.ts';
import { deriveDescription, deriveTitle } from './cards/title.ts';

export interface TAnonymousCard {
  id?: string | null;
  image?: string | null;
  player?: string | null;
  year?: string | null;
  brand?: string | null;
  condition?: string | null;
  userValue?: string | null;
  userNotes?: string | null;
  addedAt?: string | null;
  /** Older items may already carry gallery fields; used as fallbacks (docs/product.md §3). */
  title?: string | null;
  description?: string | null;
  value?: string | null;
  /** Read from the label by the analysis, or typed (docs/choices.md 39); absent on older items. */
  certNumber?: string | null;
  cardNumber?: string | null;
  variety?: string | null;
  sport?: string | null;
}

/** A gallery card as the transfer sends it: the spec's fields, and the card's own fields (docs/choices.md 39). */
export interface TGalleryCard extends Partial<TCardData> {
  slotNumber: number;
  imageUrl: string;
  title: string;
  description: string;
  value: string | null;
  allTimeHigh: string | null;
  isEmpty: false;
}

const clean = (s: string | null | undefined) => (s ?? '').trim();

/**
 * The visitor's card as structured fields: player, year and brand as subject, year and set, the
 * condition read as a grade, the cert, card number, variety and sport, and the notes. A value the
 * card's rules refuse (a year of two digits, a cert of the wrong length) is left out, so a typo
 * never stops a sign-up; a refused cert is kept in the notes.
 */
function cardFields(item: TAnonymousCard): Partial<TCardData> {
  const grade = parseGradeText(clean(item.condition));
  const year = clean(item.year);
  const cert = normalizeCert(clean(item.certNumber));
  const certOk = cert !== '' && certProblem(cert, grade.grader) === null;
  const notes = [clean(item.userNotes), cert && !certOk ? `Cert #${cert}` : ''].filter(Boolean).join(' • ');
  const fields: Partial<TCardData> = {
    subject: clean(item.player).slice(0, 200) || null,
    year: year && yearProblem(year) === null ? year : null,
    set: clean(item.brand).slice(0, 200) || null,
    cardNumber: clean(item.cardNumber).replace(/^#\s*/, '').slice(0, 40) || null,
    variety: clean(item.variety).slice(0, 200) || null,
    sport: clean(item.sport).slice(0, 60) || null,
    ...grade,
    certNumber: certOk ? cert : null,
    notes: notes.slice(0, 2000) || null,
  };
  for (const key of Object.keys(fields) as (keyof TCardData)[]) if (fields[key] === null) delete fields[key];
  return fields;
}

/**
 * Converts anonymous cards to gallery cards at slots 1..n. The title and description are made from
 * the card's own fields by the rule every card follows (core/cards/title.ts: '2018 Topps Chrome
 * Shohei Ohtani', 'PSA 10 GEM MT'), not the spec's "player plus year" (docs/choices.md 48); an item
 * whose fields make none falls back to its existing title, then 'Unknown Card', and to its condition
 * text or existing description. `missing` says what a missing value or all-time high becomes: ''
 * on the pricing page, null on complete-setup. The card's own fields go along (cardFields), the
 * visitor's notes among them.
 */
export function toGalleryCards(items: readonly TAnonymousCard[], missing: '' | null = ''): TGalleryCard[] {
  return items.map((item, index) => {
    const fields = cardFields(item);
    const made = {
      year: null,
      set: null,
      subject: null,
      variety: null,
      cardNumber: null,
      grader: null,
      grade: null,
      qualifier: null,
      autographGrade: null,
      ...fields,
    };
    const value = clean(item.userValue) || clean(item.value);
    return {
      slotNumber: index + 1,
      imageUrl: item.image ?? '',
      title: deriveTitle(made) || clean(item.title) || 'Unknown Card',
      description: deriveDescription(made) || clean(item.condition) || clean(item.description),
      value: value || missing,
      allTimeHigh: missing,
      isEmpty: false,
      ...fields,
    };
  });
}
