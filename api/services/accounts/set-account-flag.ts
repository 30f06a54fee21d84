import type { Knex } from 'knex';
import { raw } from 'objection';
import { z } from 'zod';
import { User } from '../../../db/models/User.ts';

/** The operator-set flags of an account: admin (docs/choices.md 7) and legacy "grandfathered" (docs/product.md §6). */
export type TAccountFlag = 'isAdmin' | 'isGrandfathered';

const ZEmail = z.email('must be an email address');

/** The account with this email (any case); throws a clear error for a malformed or unknown one. */
export async function findByEmail(db: Knex, email: string): Promise<User> {
  const clean = ZEmail.parse(email.trim().toLowerCase());
  const user = await User.query(db).modify('byEmail', clean).first();
  if (!user) throw new Error(`no user with email ${clean}`);
  return user;
}

/**
 * Sets or clears one flag of the account with this email and returns the account after. Bumps
 * the gallery version when the legacy flag changes: it changes which slots the owner may edit.
 * Idempotent.
 */
export async function setAccountFlag(opts: { db: Knex; email: string; flag: TAccountFlag; value: boolean; now: Date }): Promise<User> {
  const user = await findByEmail(opts.db, opts.email);
  return opts.db.transaction(async (trx) => {
    const bump = opts.flag === 'isGrandfathered' ? { galleryVersion: raw('gallery_version + 1') } : {};
    await User.query(trx)
      .patch({ [opts.flag]: opts.value, updatedAt: opts.now, ...bump })
      .where('id', user.id);
    return (await User.query(trx).findById(user.id))!;
  });
}
