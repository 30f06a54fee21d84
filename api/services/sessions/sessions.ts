import type { Knex } from 'knex';
import { Session } from '../../../db/models/Session.ts';
import { User } from '../../../db/models/User.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { SessionCache, TSessionRow } from './session-cache.ts';

/** A session ends after this long without a request. */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
/** A session ends this long after sign-in, whatever happens. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, to keep reads cheap. */
const TOUCH_EVERY_MS = 60 * 1000;

interface TSessionOptions {
  db: Knex | Knex.Transaction;
  secret: string;
  now: Date;
}

/** Starts a session for a user; returns the cookie token (only its hash is stored). */
export async function createSession(opts: TSessionOptions & { userId: number; userAgent?: string | undefined; ip?: string | undefined }): Promise<string> {
  const token = newToken();
  await Session.query(opts.db).insert({
    id: hashToken(token, opts.secret),
    userId: opts.userId,
    createdAt: opts.now,
    lastSeenAt: opts.now,
    expiresAt: new Date(opts.now.getTime() + SESSION_ABSOLUTE_MS),
    userAgent: opts.userAgent?.slice(0, 300) ?? null,
    ip: opts.ip ?? null,
  });
  return token;
}

/** Recent cookie tokens and their keyed hashes: the HMAC is a tenth of a cached signed-in read. */
const recentIds = new Map<string, string>();
const RECENT_IDS_MAX = 10_000;

function sessionIdOf(token: string, secret: string): string {
  const key = `${secret}\0${token}`;
  let id = recentIds.get(key);
  if (!id) {
    if (recentIds.size >= RECENT_IDS_MAX) recentIds.clear();
    id = hashToken(token, secret);
    recentIds.set(key, id);
  }
  return id;
}

/**
 * The user behind a cookie token, or null when the session is unknown, idle too long or past its
 * absolute expiry (an expired row is deleted).
 */
export async function findSessionUser(
  opts: TSessionOptions & { token: string; cache?: SessionCache | undefined },
): Promise<{ user: User; sessionId: string } | null> {
  const id = sessionIdOf(opts.token, opts.secret);
  // One plain join: this runs on every signed-in request, and is 2.4x cheaper than a graph join.
  const load = async () =>
    (await opts
      .db('sessions')
      .join('users', 'users.id', 'sessions.userId')
      .where('sessions.id', id)
      .first('users.*', 'sessions.expiresAt as sessionExpiresAt', 'sessions.lastSeenAt as sessionLastSeenAt')) as TSessionRow | undefined;
  const row = opts.cache ? await opts.cache.get(id, load) : await load();
  if (!row) return null;
  const { sessionExpiresAt, sessionLastSeenAt, ...userColumns } = row;
  const now = opts.now.getTime();
  if (sessionExpiresAt.getTime() <= now || sessionLastSeenAt.getTime() + SESSION_IDLE_MS <= now) {
    await Session.query(opts.db).deleteById(id);
    return null;
  }
  if (now - sessionLastSeenAt.getTime() > TOUCH_EVERY_MS) await touchSession(opts.db, id, opts.now);
  return { user: User.fromJson(userColumns, { skipValidation: true }), sessionId: id };
}

/** Sessions whose last_seen_at write is under way in this process. */
const touching = new Set<string>();

/**
 * Records that a session was used: one conditional update, skipped while one for the same session
 * is in flight here. When the minute turns under many parallel requests, one of them writes the
 * row; the rest neither queue on its lock nor write it again (in this or another process: the
 * WHERE clause holds across processes).
 */
async function touchSession(db: Knex | Knex.Transaction, id: string, now: Date): Promise<void> {
  if (touching.has(id)) return;
  touching.add(id);
  try {
    await Session.query(db)
      .patch({ lastSeenAt: now })
      .where('id', id)
      .where('lastSeenAt', '<', new Date(now.getTime() - TOUCH_EVERY_MS));
  } finally {
    touching.delete(id);
  }
}

/** Ends one session by its cookie token. Idempotent. */
export async function destroySession(opts: { db: Knex | Knex.Transaction; secret: string; token: string }): Promise<void> {
  await Session.query(opts.db).deleteById(hashToken(opts.token, opts.secret));
}

/** Ends every session of a user (password change or reset, `ratio sessions end`); returns how many. Idempotent. */
export async function destroyUserSessions(opts: { db: Knex | Knex.Transaction; userId: number }): Promise<number> {
  return Session.query(opts.db).delete().where('userId', opts.userId);
}
