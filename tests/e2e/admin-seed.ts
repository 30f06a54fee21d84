import type { BrowserContext } from 'playwright-core';
import { sessionSecret } from '../../api/env.ts';
import { SESSION_COOKIE } from '../../api/middleware/session.ts';
import type { TRunningServer } from '../../api/server.ts';
import { createSession } from '../../api/services/sessions/sessions.ts';
import { seedDemo } from '../../db/seeds/demo.ts';
import { User } from '../../db/models/User.ts';
import { createAccount } from '../helpers/factories.ts';

/** Seeds the demo accounts (`ratio db seed`) on the running app and returns an admin and a non-admin. */
export async function seedAdminData(server: TRunningServer, users = 80): Promise<{ admin: User; member: User }> {
  const db = server.deps.db;
  await seedDemo({ db, count: users, now: server.deps.clock() });
  const admin = await createAccount(db, 'pro', { email: 'admin@ratio.local' });
  await User.query(db).patch({ isAdmin: true, firstName: 'Morgan', lastName: 'Admin' }).where('id', admin.id);
  const member = await createAccount(db, 'free', { email: 'member@ratio.local' });
  return { admin, member };
}

/** Signs the browser context in as `user` (a real session, as a sign-in makes). */
export async function signInAs(server: TRunningServer, context: BrowserContext, url: string, user: Pick<User, 'id'>): Promise<void> {
  const token = await createSession({ db: server.deps.db, secret: sessionSecret(server.deps.env), now: server.deps.clock(), userId: user.id });
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url }]);
}
