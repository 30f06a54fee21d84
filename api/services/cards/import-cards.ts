import type { Knex } from 'knex';
import { accountState } from '../../../core/account.ts';
import { cardDataOf } from '../../../core/cards/card-data.ts';
import { PREVIEW_LIST_MAX, type TImportAnswer, type TImportCard } from '../../../core/contracts/csv.types.ts';
import type { TColumnMapping } from '../../../core/csv/layouts/mapped.ts';
import { planImport, type TImportPlan, type TPlannedCard } from '../../../core/csv/plan-import.ts';
import { formatCount } from '../../../core/format.ts';
import { CardSlot } from '../../../db/models/CardSlot.ts';
import { CardValueHistory } from '../../../db/models/CardValueHistory.ts';
import type { User } from '../../../db/models/User.ts';
import { AppError, badRequest } from '../../errors.ts';
import type { PsaVerifier } from '../analysis/psa-verify.ts';
import { checkImportCerts } from './check-import-certs.ts';
import { rememberMapping } from './import-mappings.ts';
import { readImportFile, type TReadFile } from './read-import-file.ts';
import { assertCanEditSlots, lockEditor } from './slot-access.ts';

/** What the import is asked: the file, its mapping (another app's header), and whether to add only the good rows. */
export interface TImportInput {
  db: Knex;
  user: User;
  now: Date;
  csv: string;
  mapping?: TColumnMapping | undefined;
  onlyValid?: boolean | undefined;
}

/** Plans the file's cards in the gallery as it stands (read with `db`). */
async function planFor(db: Knex | Knex.Transaction, user: User, now: Date, file: TReadFile): Promise<TImportPlan> {
  const existing = await CardSlot.query(db).select('slotNumber', 'title', 'certNumber', 'importKey').where('userId', user.id);
  const certs = new Map<string, number>();
  const keys = new Map<string, number>();
  for (const c of existing) {
    if (c.certNumber) certs.set(c.certNumber, c.slotNumber);
    if (c.importKey) keys.set(c.importKey, c.slotNumber);
  }
  return planImport(file.cards, file.errors, {
    taken: new Map(existing.map((c) => [c.slotNumber, c.title])),
    certs,
    keys,
    maxSlots: accountState(user, now).maxSlots,
  });
}

/** A card as the answer shows it (without its import key). */
const shown = ({ importKey: _key, ...card }: TPlannedCard): TImportCard => card;

function answer(file: TReadFile, plan: TImportPlan, imported: number): TImportAnswer {
  return {
    format: file.layout.id,
    layoutName: file.layout.name,
    header: file.header,
    sample: file.sample,
    mapping: file.mapping,
    mappingSource: file.mappingSource,
    needsMapping: file.mappingSource === 'guessed',
    rows: file.rows,
    cards: plan.cards.slice(0, PREVIEW_LIST_MAX).map(shown),
    cardCount: plan.cards.length,
    errors: plan.errors.slice(0, PREVIEW_LIST_MAX),
    errorCount: plan.errors.length,
    already: plan.already.slice(0, PREVIEW_LIST_MAX),
    alreadyCount: plan.already.length,
    limit: plan.limit,
    imported,
  };
}

/**
 * What an import of `csv` would add, every row error, the rows already on the wall and the tier
 * limit, without writing; with a PSA verifier, the listed cards' cert numbers are checked against
 * PSA. 403 for a view-only account.
 */
export async function previewImport(opts: Omit<TImportInput, 'onlyValid'> & { psa?: PsaVerifier | null | undefined }): Promise<TImportAnswer> {
  assertCanEditSlots(opts.user, opts.now, []);
  const file = await readImportFile(opts.db, opts.user.id, opts.csv, opts.mapping);
  const result = answer(file, await planFor(opts.db, opts.user, opts.now, file), 0);
  if (opts.psa) await checkImportCerts(result.cards, opts.psa);
  return result;
}

/** Rows per INSERT statement (well under PostgreSQL's 65,535 bind parameters). */
const CHUNK = 500;

/**
 * Adds the file's cards to the user's gallery, checked again under the user's lock (400
 * csv_mapping_needed for another app's file whose columns were not mapped): all or nothing
 * (any row error: 422 import_rows_invalid, with the errors, and nothing is written), or with
 * `onlyValid` the cards of the good rows that fit. Rows already on the wall are left out. Cards
 * come without photos (the grid and viewer show a placeholder); each value is recorded as the
 * first point of the card's value history; a mapping used is remembered for the header. One
 * transaction.
 */
export async function importCards(opts: TImportInput): Promise<TImportAnswer> {
  assertCanEditSlots(opts.user, opts.now, []);
  const file = await readImportFile(opts.db, opts.user.id, opts.csv, opts.mapping);
  if (file.mappingSource === 'guessed') {
    throw badRequest('csv_mapping_needed', "Ratio does not know this file's columns: say which column holds what (the player, year, grade…) and import again");
  }
  return opts.db.transaction(async (trx) => {
    const user = await lockEditor(trx, opts.user.id, opts.now, []);
    const plan = await planFor(trx, user, opts.now, file);
    if (plan.errors.length > 0 && !opts.onlyValid) {
      const n = plan.errors.length;
      throw new AppError(422, 'import_rows_invalid', `${formatCount(n)} row${n === 1 ? ' has an error' : 's have errors'}: nothing was imported`, {
        errors: plan.errors.slice(0, PREVIEW_LIST_MAX),
        errorCount: n,
      });
    }
    for (let i = 0; i < plan.cards.length; i += CHUNK) {
      const chunk = plan.cards.slice(i, i + CHUNK);
      const rows = (await CardSlot.query(trx)
        .insert(
          chunk.map((c) => ({
            ...cardDataOf(c),
            userId: user.id,
            slotNumber: c.slotNumber,
            imageId: null,
            title: c.title,
            description: c.description,
            value: c.value,
            valueCents: c.valueCents,
            allTimeHigh: c.allTimeHigh,
            allTimeHighCents: c.allTimeHighCents,
            peakValueCents: c.valueCents,
            importKey: c.importKey,
            createdAt: opts.now,
            updatedAt: opts.now,
          })),
        )
        .returning(['id', 'valueCents'])) as unknown as Array<Pick<CardSlot, 'id' | 'valueCents'>>;
      const history = rows.filter((r) => r.valueCents !== null).map((r) => ({ cardId: r.id, valueCents: r.valueCents!, recordedAt: opts.now }));
      if (history.length > 0) await CardValueHistory.query(trx).insert(history);
    }
    if (file.mapping && plan.cards.length > 0) await rememberMapping(trx, user.id, file.header, file.mapping, opts.now);
    return answer(file, plan, plan.cards.length);
  });
}
