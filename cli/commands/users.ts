import type { Command } from 'commander';
import type { Knex } from 'knex';
import { z } from 'zod';
import { accountState, isAdmin, type TAccountKind } from '../../core/account.ts';
import type { TUserView } from '../../core/contracts/user.types.ts';
import { presentUser } from '../../api/presenters/user.ts';
import { findByEmail, setAccountFlag } from '../../api/services/accounts/set-account-flag.ts';
import { cardCount, listAccounts } from '../../api/services/accounts/find-accounts.ts';
import type { User } from '../../db/models/User.ts';
import { formatTable, printJson } from '../output.ts';
import { onDb } from '../on-db.ts';

const TIERS = ['free', 'trial', 'trial_expired', 'pro', 'grandfathered'] as const satisfies readonly TAccountKind[];
const ZTier = z.enum(TIERS, { error: `--tier must be one of ${TIERS.join(', ')}` }).optional();

export interface TUserRow {
  id: number;
  email: string;
  name: string;
  status: TAccountKind;
  subscription: string;
  admin: boolean;
  /** The legacy flag (`users grandfather`): shown as status `grandfathered` once no trial or subscription comes first. */
  legacy: boolean;
  createdAt: string;
}

/** Makes a user an admin (docs/choices.md 7), or takes admin away with `revoke`. Throws for an unknown email. */
export function runUsersAdmin(db: Knex, options: { email: string; revoke?: boolean | undefined }): Promise<User> {
  return setAccountFlag({ db, email: options.email, flag: 'isAdmin', value: !options.revoke, now: new Date() });
}

/** Makes an account a legacy account (docs/product.md §6: 10 slots with every PRO feature), or undoes it. */
export function runUsersGrandfather(db: Knex, options: { email: string; undo?: boolean | undefined }): Promise<User> {
  return setAccountFlag({ db, email: options.email, flag: 'isGrandfathered', value: !options.undo, now: new Date() });
}

/**
 * The users, newest first, with their account status (core/account.ts); `tier` keeps one status.
 * `grandfathered` keeps every legacy account, also one whose trial or subscription shows first
 * (core/account.ts ranks those above the legacy status): the accounts `users grandfather` made.
 */
export async function runUsersList(db: Knex, options: { now?: Date; tier?: string | undefined } = {}): Promise<TUserRow[]> {
  const tier = ZTier.parse(options.tier);
  const now = options.now ?? new Date();
  const users = await listAccounts(db);
  const rows = users.map((u): TUserRow => {
    const state = accountState(u, now);
    return {
      id: u.id,
      email: u.email,
      name: `${u.firstName} ${u.lastName}`,
      status: state.kind,
      subscription: state.subscriptionStatus,
      admin: isAdmin(u),
      legacy: u.isGrandfathered,
      createdAt: u.createdAt.toISOString(),
    };
  });
  return tier ? rows.filter((r) => r.status === tier || (tier === 'grandfathered' && r.legacy)) : rows;
}

/** One account as the API presents it, with its card count and sign-up date. */
export async function runUsersShow(db: Knex, options: { email: string; now?: Date }): Promise<TUserView & { cards: number; createdAt: string }> {
  const user = await findByEmail(db, options.email);
  const cards = await cardCount(db, user.id);
  return { ...presentUser(user, options.now ?? new Date()), cards, createdAt: user.createdAt.toISOString() };
}

/** What `users grandfather` did, including what shows first while a trial or subscription runs. */
export function describeGrandfather(user: User, now: Date): string {
  if (!user.isGrandfathered) return `${user.email} is no longer a legacy account.`;
  const state = accountState(user, now);
  if (state.kind === 'grandfathered') return `${user.email} is now a legacy (grandfathered) account: 10 slots with every PRO feature.`;
  const first = state.kind === 'trial' ? `its PRO trial, which runs until ${user.trialEndDate!.toISOString().slice(0, 10)},` : 'its PRO subscription';
  return `${user.email} is now a legacy (grandfathered) account: 10 slots with every PRO feature once ${first} is over; until then its status is ${state.kind} (\`users list --tier grandfathered\` lists it).`;
}

export function registerUsers(program: Command): void {
  const users = program.command('users').description('accounts: list, show, admin rights, legacy status');
  users
    .command('list')
    .description('list users, newest first, with their status')
    .option('--tier <tier>', `only one status: ${TIERS.join(', ')}`)
    .option('--json', 'print the list as JSON')
    .action(async (opts: { tier?: string; json?: boolean }) => {
      ZTier.parse(opts.tier); // before opening the database: bad input fails at once
      const rows = await onDb((db) => runUsersList(db, { tier: opts.tier }));
      if (opts.json) printJson(rows);
      else if (!rows.length) console.log(opts.tier ? `No ${opts.tier} users.` : 'No users yet.');
      else for (const l of formatTable(rows.map(({ createdAt, ...r }) => ({ ...r, joined: createdAt.slice(0, 10) })))) console.log(l);
    });
  users
    .command('show <email>')
    .description('one account: status, subscription, trial, rights and card count')
    .option('--json', 'print the account as JSON')
    .action(async (email: string, opts: { json?: boolean }) => {
      const view = await onDb((db) => runUsersShow(db, { email }));
      if (opts.json) printJson(view);
      else for (const [key, value] of Object.entries(view)) console.log(`${key.padEnd(20)} ${value === null ? '-' : String(value)}`);
    });
  users
    .command('admin <email>')
    .description('give a user the admin dashboard (--revoke takes it away)')
    .option('--revoke', 'remove admin rights')
    .action(async (email: string, opts: { revoke?: boolean }) => {
      const user = await onDb((db) => runUsersAdmin(db, { email, revoke: opts.revoke }));
      console.log(`${user.email} is ${user.isAdmin ? 'now an admin' : 'no longer an admin'}.`);
    });
  users
    .command('grandfather <email>')
    .description('make an account a legacy account: 10 slots with every PRO feature (--undo reverts)')
    .option('--undo', 'make it an ordinary account again')
    .action(async (email: string, opts: { undo?: boolean }) => {
      const user = await onDb((db) => runUsersGrandfather(db, { email, undo: opts.undo }));
      console.log(describeGrandfather(user, new Date()));
    });
}
