import type { Knex } from 'knex';
import { parseValueCents } from '../../../core/values.ts';
import { CardSlot } from '../../../db/models/CardSlot.ts';
import { CardValueHistory } from '../../../db/models/CardValueHistory.ts';

/** The value fields of a card as typed, with their cents (docs/choices.md 5). */
export function valueFields(input: { value?: string | null; allTimeHigh?: string | null }): Partial<CardSlot> {
  const out: Partial<CardSlot> = {};
  if (input.value !== undefined) {
    out.value = input.value;
    out.valueCents = parseValueCents(input.value);
  }
  if (input.allTimeHigh !== undefined) {
    out.allTimeHigh = input.allTimeHigh;
    out.allTimeHighCents = parseValueCents(input.allTimeHigh);
  }
  return out;
}

/**
 * Records a card's current value in its history when it has a number and differs from the last
 * recorded one, and keeps the card's peak. Call inside the write's transaction.
 */
export async function recordValue(trx: Knex.Transaction, card: CardSlot, now: Date): Promise<void> {
  if (card.valueCents === null) return;
  const last = await CardValueHistory.query(trx).where({ cardId: card.id, kind: 'own' }).orderBy('id', 'desc').first();
  if (last && last.valueCents === card.valueCents) return;
  await CardValueHistory.query(trx).insert({ cardId: card.id, valueCents: card.valueCents, recordedAt: now });
  if (card.peakValueCents === null || card.valueCents > card.peakValueCents) {
    await CardSlot.query(trx).patch({ peakValueCents: card.valueCents }).where('id', card.id);
    card.peakValueCents = card.valueCents;
  }
}
