import type { Knex } from 'knex';
import { accountState } from '../../../core/account.ts';
import { DAY_MS, TRIAL_DAYS } from '../../../core/limits.ts';
import { User } from '../../../db/models/User.ts';
import { conflict, notFound } from '../../errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { lockAccount } from './lock-user.ts';

/**
 * Starts the 7-day PRO trial, no payment needed, in the caller's transaction when given. Once per
 * account: a second start, or a start by a paying account, is refused with 409.
 */
export async function startTrial(opts: { db: Knex; trx?: Knex.Transaction; userId: number; now: Date }): Promise<User> {
  return inTransaction(opts.db, opts.trx, async (trx) => {
    const user = await lockAccount(trx, opts.userId);
    if (!user) throw notFound('No such account');
    if (accountState(user, opts.now).isPro) throw conflict('You already have PRO', 'already_pro');
    if (user.trialStartedAt) throw conflict('Your free trial has already been used. Subscribe to PRO to keep every feature.', 'trial_used');
    return User.query(trx).patchAndFetchById(user.id, {
      trialStartedAt: opts.now,
      trialEndDate: new Date(opts.now.getTime() + TRIAL_DAYS * DAY_MS),
      updatedAt: opts.now,
    });
  });
}
