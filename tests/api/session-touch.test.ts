import knexFactory from 'knex';
import { knexSnakeCaseMappers } from 'objection';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionSecret } from '../../api/env.ts';
import { findSessionUser } from '../../api/services/sessions/sessions.ts';
import { registerUser, startTestServer, type TTestServer } from '../helpers/server.ts';

/**
 * docs/choices.md 37: "last seen" is written at most once a minute per session, also when the minute
 * turns under many parallel requests (PostgreSQL saw 40 writes of one row in 16 s). A trigger counts
 * the row's real updates, whoever sends them.
 */

let srv: TTestServer;
beforeAll(async () => {
  srv = await startTestServer();
  // One statement a call: PGlite's query protocol takes one at a time.
  for (const sql of [
    'create table touch_count (n int not null)',
    'insert into touch_count values (0)',
    `create function count_touch() returns trigger language plpgsql as $$
       begin update touch_count set n = n + 1; return new; end $$`,
    'create trigger sessions_touched after update of last_seen_at on sessions for each row execute function count_touch()',
  ])
    await srv.deps.db.raw(sql);
});
afterAll(async () => {
  await srv?.close();
});

const touches = async () => Number((await srv.deps.db('touch_count').first<{ n: number }>('n'))!.n);
const lastSeen = async () => (await srv.deps.db('sessions').first<{ lastSeenAt: Date }>('lastSeenAt'))!.lastSeenAt;

describe('last seen under parallel requests', () => {
  it('40 requests as the minute turns write the session row once; none within the minute; once again a minute later', async () => {
    const { client } = await registerUser(srv);
    const parallel = () => Promise.all(Array.from({ length: 40 }, () => client.get('/api/user')));

    srv.advance(61_000);
    const first = await parallel();
    expect(first.every((r) => r.status === 200)).toBe(true);
    expect(await touches()).toBe(1);
    const seen = await lastSeen();

    srv.advance(30_000);
    await parallel();
    expect(await touches()).toBe(1);
    expect((await lastSeen()).getTime()).toBe(seen.getTime());

    srv.advance(31_000);
    await parallel();
    expect(await touches()).toBe(2);
    expect((await lastSeen()).getTime()).toBeGreaterThan(seen.getTime());
  });

  it('on PostgreSQL, another process that reads the same session at the same moment does not write it again', async () => {
    const { client } = await registerUser(srv);
    const token = client.cookie('ratio_session');
    expect(token).toBeTruthy();
    const before = await touches();
    // PGlite has one client, this process: the in-flight check above is the whole story there.
    const url = srv.testDb.url;
    const other = url ? knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 10 }, ...knexSnakeCaseMappers() }) : srv.deps.db;
    try {
      const now = new Date(Date.now() + 10 * 60_000);
      const read = (db: typeof other) => findSessionUser({ db, secret: sessionSecret(srv.deps.env), token: token!, now });
      const found = await Promise.all([...Array.from({ length: 20 }, () => read(other)), ...Array.from({ length: 20 }, () => read(srv.deps.db))]);
      expect(found.every((f) => f !== null)).toBe(true);
      expect(await touches()).toBe(before + 1);
    } finally {
      if (other !== srv.deps.db) await other.destroy();
    }
  });
});
