import type { Command } from 'commander';
import type { Knex } from 'knex';
import { z } from 'zod';
import { accountState, isAdmin } from '../../core/account.ts';
import { User } from '../../db/models/User.ts';
import { handleError } from '../handle-error.ts';
import { loadEnv } from '../load-env.ts';
import { withDb } from '../with-db.ts';

const ZEmail = z.email('must be an email address');

/** Makes a user an admin (decisions.md 7), or takes admin away with `revoke`. Throws for an unknown email. */
export async function runUsersAdmin(db: Knex, options: { email: string; revoke?: boolean }): Promise<User> {
  const email = ZEmail.parse(options.email.trim().toLowerCase());
  const user = await User.query(db).modify('byEmail', email).first();
  if (!user) throw new Error(`no user with email ${email}`);
  return User.query(db).patchAndFetchById(user.id, { isAdmin: !options.revoke, updatedAt: new Date() });
}

/** The users, newest first, with their account status and subscription status (core/account.ts). */
export async function runUsersList(
  db: Knex,
  options: { adminEmails?: readonly string[]; now?: Date } = {},
): Promise<Array<{ id: number; email: string; name: string; status: string; subscription: string; admin: boolean }>> {
  const now = options.now ?? new Date();
  const users = await User.query(db).orderBy('id', 'desc');
  return users.map((u) => {
    const state = accountState(u, now);
    return {
      id: u.id, email: u.email, name: `${u.firstName} ${u.lastName}`, status: state.kind, subscription: state.subscriptionStatus,
      admin: isAdmin(u, options.adminEmails ?? []),
    };
  });
}

export function registerUsers(program: Command): void {
  const users = program.command('users').description('accounts');
  users.command('admin <email>')
    .description('give a user the admin dashboard (--revoke takes it away)')
    .option('--revoke', 'remove admin rights')
    .action(async (email: string, opts: { revoke?: boolean }) => {
      const user = await withDb(loadEnv(), (db) => runUsersAdmin(db, { email, revoke: opts.revoke })).catch(handleError);
      console.log(`${user.email} is ${user.isAdmin ? 'now an admin' : 'no longer an admin'}.`);
    });
  users.command('list')
    .description('list users with their status')
    .action(async () => {
      const env = loadEnv();
      const rows = await withDb(env, (db) => runUsersList(db, { adminEmails: env.ADMIN_EMAILS })).catch(handleError);
      if (!rows.length) console.log('No users yet.');
      else console.table(rows);
    });
}
