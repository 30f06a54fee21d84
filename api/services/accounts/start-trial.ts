import type { Knex } from 'knex';
import { TRIAL_DAYS } from '../../../core/limits.ts';
import { User } from '../../../db/models/User.ts';
import { conflict } from '../../errors.ts';
import { lockUser } from '../cards/lock-user.ts';

/**
 * Starts the 7-day PRO trial, no payment needed. Once per account: a second start, or a start by
 * a PRO account, is refused with 409 trial_used.
 */
export async function startTrial(opts: { db: Knex; userId: number; now: Date }): Promise<User> {
  return opts.db.transaction(async (trx) => {
    const user = await lockUser(trx, opts.userId);
    if (user.isPro) throw conflict('You already have PRO', 'already_pro');
    if (user.trialStartedAt) throw conflict('Your free trial has already been used. Subscribe to PRO to keep every feature.', 'trial_used');
    return User.query(trx).patchAndFetchById(user.id, {
      trialStartedAt: opts.now,
      trialEndDate: new Date(opts.now.getTime() + TRIAL_DAYS * 24 * 60 * 60 * 1000),
      updatedAt: opts.now,
    });
  });
}
