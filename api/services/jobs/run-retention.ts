import type { Knex } from 'knex';
import { accountState, retentionDue } from '../../../core/account.ts';
import { FREE_SLOTS } from '../../../core/limits.ts';
import { CardSlot } from '../../../db/models/CardSlot.ts';
import { User } from '../../../db/models/User.ts';
import { lockUser } from '../accounts/lock-user.ts';
import type { ImageStore } from '../images/image-store.ts';
import { deleteImageRows, removeImageFiles } from '../images/save-card-image.ts';
import { withJobLock } from './job-lock.ts';

/** The advisory lock key of the retention job ('ratio' + 1): one run at a time across processes. */
export const RETENTION_LOCK_KEY = 0x72617401;

/** An account in data retention: its cards past slot 10 and when they go (docs/choices.md 6). */
export interface TRetentionAccount {
  userId: number;
  email: string;
  deleteOn: string;
  cards: number;
  photos: number;
}

export interface TRetentionReport {
  now: string;
  /** False for a dry run. */
  applied: boolean;
  /** False when another run held the lock: nothing was looked at or done. */
  ran: boolean;
  /** Trials that have ended without a subscription: view-only until they subscribe (nothing to delete). */
  trialsEnded: number;
  /** Grace periods that have ended: the accounts are in data retention, deletion still ahead. */
  inRetention: TRetentionAccount[];
  /** Retention over: cards and photos past slot 10 to delete (dry run) or deleted (applied). */
  due: TRetentionAccount[];
}

/** Accounts whose subscription has ended (or is cancelled with its period over) by `now`: the only ones retention can concern. */
function endedSubscriptions(db: Knex, now: Date) {
  return User.query(db)
    .where('isGrandfathered', false)
    .where((q) => {
      void q
        .where((a) => {
          void a
            .whereIn('subscriptionProviderStatus', ['active', 'trialing', 'past_due'])
            .where('subscriptionCancelAtPeriodEnd', true)
            .where('subscriptionPeriodEnd', '<=', now);
        })
        .orWhere((c) => {
          void c.where('subscriptionProviderStatus', 'canceled').whereRaw("coalesce(subscription_end_reason, '') <> 'payment_failed'");
        });
    })
    .orderBy('id');
}

/** Cards and photos past slot 10, per account. */
async function cardsAbove(db: Knex, userIds: number[]): Promise<Map<number, { cards: number; photos: number }>> {
  const counts = new Map<number, { cards: number; photos: number }>();
  if (!userIds.length) return counts;
  const rows = (await CardSlot.query(db)
    .select('userId')
    .count('* as cards')
    .count('imageId as photos')
    .whereIn('userId', userIds)
    .where('slotNumber', '>', FREE_SLOTS)
    .groupBy('userId')) as unknown as Array<{ userId: number; cards: string | number; photos: string | number }>;
  for (const r of rows) counts.set(Number(r.userId), { cards: Number(r.cards), photos: Number(r.photos) });
  return counts;
}

async function trialsEnded(db: Knex, now: Date): Promise<number> {
  const row = (await User.query(db)
    .count('* as n')
    .where('isGrandfathered', false)
    .where('trialEndDate', '<=', now)
    .where((q) => {
      void q.whereNull('subscriptionProviderStatus').orWhereIn('subscriptionProviderStatus', ['incomplete', 'incomplete_expired']);
    })
    .first()) as unknown as { n: string | number } | undefined;
  return Number(row?.n ?? 0);
}

/**
 * Deletes one account's cards and photos past slot 10 in one transaction, if (on its row, locked
 * now) the rule still says they are due: a reactivation or another run since the plan wins.
 * Photo files go only after their rows are gone. Returns false when there was nothing to do.
 */
async function purgeAccount(opts: { db: Knex; images: ImageStore; now: Date; userId: number }): Promise<boolean> {
  const imageIds = await opts.db.transaction(async (trx) => {
    const user = await lockUser(trx, opts.userId);
    const due = retentionDue(user, opts.now);
    if (!due) return null;
    const cards = await CardSlot.query(trx).select('id', 'imageId').where('userId', user.id).where('slotNumber', '>', due.deleteAbove);
    if (cards.length)
      await CardSlot.query(trx)
        .delete()
        .whereIn(
          'id',
          cards.map((c) => c.id),
        );
    const ids = cards.flatMap((c) => (c.imageId ? [c.imageId] : []));
    await deleteImageRows(trx, ids);
    await User.query(trx).patch({ retentionPurgedAt: opts.now, updatedAt: opts.now }).where('id', user.id);
    return ids;
  });
  if (imageIds === null) return false;
  await removeImageFiles(opts.images, opts.userId, imageIds);
  return true;
}

/**
 * The lifecycle job of docs/choices.md 6 at `now`. Trial expiry and the end of a grace period need
 * no writes (core/account.ts computes them from stored dates), so they are reported; when 30 days
 * of data retention are over, the cards and photos past slot 10 are deleted (with `apply`; a dry
 * run only lists them) and the account is free again. Never touches a paying, trialing or legacy
 * account (core/account.ts retentionDue). Idempotent, and safe from cron every minute: runs hold
 * an advisory lock (a second one returns `ran: false`), and each account is re-checked on its
 * locked row before anything is deleted.
 */
export async function runRetention(opts: {
  db: Knex;
  images: ImageStore;
  now: Date;
  apply: boolean;
  onProgress?: (done: number, total: number) => void;
}): Promise<TRetentionReport> {
  const { db, now } = opts;
  const locked = await withJobLock(db, RETENTION_LOCK_KEY, async () => {
    const ended = await endedSubscriptions(db, now);
    const above = await cardsAbove(
      db,
      ended.map((u) => u.id),
    );
    const inRetention: TRetentionAccount[] = [];
    const due: TRetentionAccount[] = [];
    for (const user of ended) {
      const state = accountState(user, now);
      if (state.subscriptionStatus !== 'data_retention' || !state.dataDeletionDate) continue;
      const entry = { userId: user.id, email: user.email, deleteOn: state.dataDeletionDate.toISOString(), ...(above.get(user.id) ?? { cards: 0, photos: 0 }) };
      (retentionDue(user, now) ? due : inRetention).push(entry);
    }
    const done: TRetentionAccount[] = [];
    if (opts.apply) {
      for (const [i, entry] of due.entries()) {
        if (await purgeAccount({ db, images: opts.images, now, userId: entry.userId })) done.push(entry);
        opts.onProgress?.(i + 1, due.length);
      }
    }
    return { inRetention, due: opts.apply ? done : due, trialsEnded: await trialsEnded(db, now) };
  });
  const base = { now: now.toISOString(), applied: opts.apply };
  if (!locked.ran) return { ...base, ran: false, trialsEnded: 0, inRetention: [], due: [] };
  return { ...base, ran: true, ...locked.value };
}
