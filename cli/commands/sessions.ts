import type { Command } from 'commander';
import type { Knex } from 'knex';
import { findByEmail } from '../../api/services/accounts/set-account-flag.ts';
import { destroyUserSessions } from '../../api/services/sessions/sessions.ts';
import { onDb } from '../on-db.ts';

/**
 * Signs an account out everywhere (a lost phone, a shared computer): ends every session of the
 * user with this email; returns the email and how many ended. Running servers refuse those
 * sessions from their next request (their caches hear the database's notification).
 */
export async function runSessionsEnd(db: Knex, options: { email: string }): Promise<{ email: string; ended: number }> {
  const user = await findByEmail(db, options.email);
  return { email: user.email, ended: await destroyUserSessions({ db, userId: user.id }) };
}

export function registerSessions(program: Command): void {
  const sessions = program.command('sessions').description('sign-in sessions');
  sessions
    .command('end <email>')
    .description('sign an account out everywhere (ends all its sessions)')
    .action(async (email: string) => {
      const { email: who, ended } = await onDb((db) => runSessionsEnd(db, { email }));
      console.log(`Ended ${ended} session(s) of ${who}.`);
    });
}
