import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runUsersAdmin, runUsersList } from '../../cli/commands/users.ts';
import { registerUser, startTestServer, type TTestServer } from '../helpers/server.ts';

let srv: TTestServer;
beforeAll(async () => {
  srv = await startTestServer({ rateLimitScale: 100 });
});
afterAll(async () => {
  await srv?.close();
});

describe('ratio users', () => {
  it('admin <email> makes the user an admin, as the API then reports; --revoke takes it back', async () => {
    const { client, input } = await registerUser(srv);
    expect((await client.get('/api/user')).body).toMatchObject({ isAdmin: false });
    await runUsersAdmin(srv.deps.db, { email: input.email.toUpperCase() });
    expect((await client.get('/api/user')).body).toMatchObject({ isAdmin: true });
    await runUsersAdmin(srv.deps.db, { email: input.email, revoke: true });
    expect((await client.get('/api/user')).body).toMatchObject({ isAdmin: false });
  });

  it('refuses an unknown email and a malformed one', async () => {
    await expect(runUsersAdmin(srv.deps.db, { email: 'ghost@example.com' })).rejects.toThrow(/no user/);
    await expect(runUsersAdmin(srv.deps.db, { email: 'not an email' })).rejects.toThrow();
  });

  it('list shows each account with its status', async () => {
    const { client, input } = await registerUser(srv);
    await client.post('/api/start-free-trial');
    const rows = await runUsersList(srv.deps.db);
    expect(rows.find((r) => r.email === input.email)).toMatchObject({ status: 'trial', admin: false });
  });
});
