import type { Knex } from 'knex';
import { CARD_DATA_KEYS, NO_CARD_DATA, cardDataOf, type TCardData } from '../../../core/cards/card-data.ts';
import type { TCardWrite } from '../../../core/contracts/cards.types.ts';
import { applyCardWrite } from '../../../core/cards/card-write.ts';
import { certProblem } from '../../../core/cards/rules.ts';
import { CardSlot } from '../../../db/models/CardSlot.ts';
import { AppError, badRequest } from '../../errors.ts';
import { valueFields } from './card-values.ts';

/** The structured fields a write sends (a field absent from the write is left out). */
function sentData(fields: TCardWrite): Partial<TCardData> {
  const out: Partial<Record<keyof TCardData, unknown>> = {};
  for (const key of CARD_DATA_KEYS) if (fields[key] !== undefined) out[key] = fields[key];
  // Each key copied holds that key's own value from `fields`.
  return out as Partial<TCardData>;
}

/**
 * The columns a write sets on `existing` (null: a new card): the structured fields sent, the title
 * and description by core's rule (core/cards/card-write.ts), the values with their cents. 400
 * invalid_cert when the card's cert does not fit its grader (as stored or as sent).
 */
export function cardColumns(existing: CardSlot | null, fields: TCardWrite): Partial<CardSlot> {
  const before = existing
    ? { title: existing.title, description: existing.description, data: cardDataOf(existing) }
    : { title: '', description: '', data: NO_CARD_DATA };
  const after = applyCardWrite(before, { title: fields.title, description: fields.description, data: sentData(fields) });
  const cert = after.data.certNumber;
  const problem = cert === null ? null : certProblem(cert, after.data.grader);
  if (problem) throw badRequest('invalid_cert', `certNumber: ${problem}`);
  return { ...after.data, title: after.title, description: after.description, ...valueFields(fields) };
}

/**
 * 409 cert_on_wall when another card of the user holds `cert` (docs/choices.md 39: a slab already on the
 * wall is not added twice). Call inside the write's transaction, under the user's lock.
 */
export async function assertCertFree(trx: Knex.Transaction, userId: number, cert: string | null | undefined, exceptCardId: number | null): Promise<void> {
  if (!cert) return;
  const other = await CardSlot.query(trx)
    .select('id', 'slotNumber')
    .where({ userId, certNumber: cert })
    .modify((q) => {
      if (exceptCardId !== null) void q.whereNot('id', exceptCardId);
    })
    .first();
  if (other) {
    throw new AppError(409, 'cert_on_wall', `This slab is already on your wall: cert #${cert} is the card in slot ${other.slotNumber}.`, {
      slotNumber: other.slotNumber,
    });
  }
}
