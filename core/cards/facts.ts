/**
 * A card's structured fields as a viewer lists them (label and text), one list for the gallery's
 * viewer and the shared wall's: what the card is and its grade for everyone; the cert and what
 * the collector paid only for the owner.
 */
import { formatCents, formatShortDate } from '../format.ts';
import type { TCardData } from './card-data.ts';
import { conditionOf } from './grade.ts';
import { gradeText } from './rules.ts';

/** One line of a card's details. `href`: a page that confirms it (PSA's cert page). */
export interface TCardFact {
  label: string;
  text: string;
  href?: string;
}

/** 'YYYY-MM-DD' as 'Nov 20, 2025', read as that calendar day wherever the reader is. */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return formatShortDate(new Date(y!, m! - 1, d!));
}

/** PSA's public page of a PSA cert; null for other graders. */
export function certPageOf(d: Pick<TCardData, 'grader' | 'certNumber'>): string | null {
  return d.grader === 'PSA' && d.certNumber && /^\d+$/.test(d.certNumber) ? `https://www.psacard.com/cert/${d.certNumber}` : null;
}

/**
 * The details of a card that are set, in reading order. `owner`: the signed-in owner's own
 * viewer (adds the cert, cost, date acquired, source and notes); a shared wall shows the rest.
 */
export function cardFacts(d: TCardData, owner: boolean): TCardFact[] {
  const facts: TCardFact[] = [];
  const add = (label: string, text: string | null, href?: string | null) => {
    if (text) facts.push(href ? { label, text, href } : { label, text });
  };
  add('Player', d.subject);
  add('Year', d.year);
  add('Set', d.set);
  add('Card Number', d.cardNumber && `#${d.cardNumber}`);
  add('Variety', d.variety);
  add('Serial', d.serial);
  add('Sport', d.sport);
  add('Grade', conditionOf(d));
  const subs = d.subgrades;
  if (subs) {
    const parts = (
      [
        ['Centering', subs.centering],
        ['Corners', subs.corners],
        ['Edges', subs.edges],
        ['Surface', subs.surface],
      ] as const
    )
      .filter(([, g]) => g !== null)
      .map(([name, g]) => `${name} ${gradeText(g!)}`);
    add('Subgrades', parts.join(' · '));
  }
  if (!owner) return facts;
  add('Cert Number', d.certNumber, certPageOf(d));
  add('Cost', d.costCents === null ? null : formatCents(d.costCents));
  add('Acquired', d.acquiredOn && formatDay(d.acquiredOn));
  add('Source', d.source);
  add('Notes', d.notes);
  return facts;
}
