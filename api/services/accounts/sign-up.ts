import type { Knex } from 'knex';
import type { TCardsMoved } from '../../../core/contracts/auth.types.ts';
import { User } from '../../../db/models/User.ts';
import { AppError } from '../../errors.ts';
import { hashPassword } from '../../../db/password.ts';
import type { Logger } from '../../logger.ts';
import { applyTransfer, prepareTransfer, type TIncomingCard, type TPreparedTransfer } from '../cards/transfer-collection.ts';
import type { ImageStore } from '../images/image-store.ts';
import { removeImageFiles } from '../images/save-card-image.ts';
import { assertEmailFree, insertUser, type TRegisterInput } from './register-user.ts';
import { startTrial } from './start-trial.ts';

interface TCardsOptions {
  db: Knex;
  images: ImageStore;
  log: Logger;
  now: Date;
  /** Anonymous cards to move in (docs/product.md §4 "after signup or trial start"). */
  cards?: TIncomingCard[] | undefined;
}

type TPrepared = { kind: 'none' } | { kind: 'ready'; prepared: TPreparedTransfer } | { kind: 'failed'; moved: TCardsMoved };

const failedMove = (err: unknown): TCardsMoved => ({
  ok: false,
  message: err instanceof AppError ? err.message : 'There was an issue transferring your collection.',
});

async function prepare(opts: TCardsOptions): Promise<TPrepared> {
  if (!opts.cards?.length) return { kind: 'none' };
  try {
    return { kind: 'ready', prepared: await prepareTransfer(opts.cards) };
  } catch (err) {
    return { kind: 'failed', moved: failedMove(err) };
  }
}

/**
 * Runs `write` (the account part) and moves the cards in the same transaction. The cards go in
 * behind a savepoint: if they cannot (a slot limit), they stay in the browser and the account part
 * still commits. Image files of a rolled-back transaction are removed.
 */
async function withCards(opts: TCardsOptions, write: (trx: Knex.Transaction) => Promise<number>): Promise<{ user: User; cardsMoved?: TCardsMoved }> {
  const prep = await prepare(opts);
  const written: string[] = [];
  let cardsMoved: TCardsMoved | undefined = prep.kind === 'failed' ? prep.moved : undefined;
  let ownerId: number | null = null;
  try {
    const userId = await opts.db.transaction(async (trx) => {
      const id = await write(trx);
      ownerId = id;
      if (prep.kind === 'ready') {
        const mark = written.length;
        try {
          const result = await trx.transaction((sp) =>
            applyTransfer({ trx: sp, images: opts.images, userId: id, now: opts.now, prepared: prep.prepared, written }),
          );
          cardsMoved = { ok: true, transferred: result.transferred.length, skipped: result.skipped };
        } catch (err) {
          await removeImageFiles(opts.images, id, written.splice(mark));
          opts.log.warn({ err, userId: id }, 'anonymous cards not moved');
          cardsMoved = failedMove(err);
        }
      }
      return id;
    });
    const user = await User.query(opts.db).findById(userId);
    if (!user) throw new Error(`user ${userId} vanished`);
    return cardsMoved ? { user, cardsMoved } : { user };
  } catch (err) {
    // The transaction rolled back: no row names these files any more.
    if (ownerId !== null) await removeImageFiles(opts.images, ownerId, written);
    throw err;
  }
}

/**
 * Creates an account (docs/product.md §7 register). With `startTrial` the 7-day trial starts, and with cards
 * they move into the new gallery: account, trial and cards in one transaction, so a visitor who
 * pressed 'Start Free Trial' always ends in a trial with their cards.
 */
export async function signUp(
  opts: TCardsOptions & { input: TRegisterInput; startTrial?: boolean | undefined },
): Promise<{ user: User; cardsMoved?: TCardsMoved }> {
  await assertEmailFree(opts.db, opts.input.email.trim().toLowerCase());
  const passwordHash = await hashPassword(opts.input.password);
  return withCards(opts, async (trx) => {
    const user = await insertUser(trx, { ...opts.input, passwordHash });
    if (opts.startTrial) await startTrial({ db: opts.db, trx, userId: user.id, now: opts.now });
    return user.id;
  });
}

/** Starts the trial of a signed-in account and moves the anonymous cards in, in one transaction. */
export async function startTrialWithCards(opts: TCardsOptions & { userId: number }): Promise<{ user: User; cardsMoved?: TCardsMoved }> {
  return withCards(opts, async (trx) => {
    await startTrial({ db: opts.db, trx, userId: opts.userId, now: opts.now });
    return opts.userId;
  });
}
