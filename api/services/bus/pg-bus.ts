import pg from 'pg';
import { CACHE_CHANNEL } from '../../../db/cache-channel.ts';
import type { Logger } from '../../logger.ts';
import { userIdOf, type CacheBus } from './cache-bus.ts';

const RETRY_MS = 1000;

/**
 * LISTENs for cache notifications on a PostgreSQL connection of its own. While that connection is
 * down the bus is not live (caches read through) and it reconnects every second; when it is back,
 * subscribers hear null (anything may have changed meanwhile). Resolves once the first attempt is
 * over, whether it worked or not.
 */
export async function createPgBus(connection: string | object, log: Logger): Promise<CacheBus> {
  const listeners = new Set<(userId: number | null) => void>();
  const emit = (userId: number | null) => {
    for (const fn of listeners) fn(userId);
  };
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let warned = false;

  const lost = (c: pg.Client, err?: unknown) => {
    if (client !== c) return;
    client = null;
    live = false;
    emit(null);
    c.end().catch(() => undefined);
    if (closed) return;
    if (!warned) log.warn({ err }, 'cache notifications lost: reading through until they are back');
    warned = true;
    retry = setTimeout(() => void connect(), RETRY_MS);
    retry.unref();
  };

  const connect = async () => {
    const c = new pg.Client(typeof connection === 'string' ? { connectionString: connection } : connection);
    client = c;
    c.on('notification', (n) => {
      if (n.channel === CACHE_CHANNEL) emit(userIdOf(n.payload ?? ''));
    });
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${CACHE_CHANNEL}`);
      if (client !== c || closed) return;
      live = true;
      emit(null);
      if (warned) log.info('cache notifications are back');
      warned = false;
    } catch (err) {
      lost(c, err);
    }
  };

  // A round trip on the listening connection: PostgreSQL signals listeners before the writer's
  // commit returns, and a listening backend sends what it was signaled before it answers the next
  // query. One round trip serves every sync() called before it started; later calls share the next.
  let inFlight: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const roundTrip = () => {
    const c = client;
    const trip = live && c ? c.query('select 1').then(() => undefined) : Promise.reject(new Error('cache notifications are down'));
    inFlight = trip.finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
  const sync = () => {
    if (!inFlight) return roundTrip();
    queued ??= inFlight
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return roundTrip();
      });
    return queued;
  };

  await connect();
  return {
    get live() {
      return live;
    },
    sync,
    subscribe: (fn) => {
      listeners.add(fn);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = null;
      live = false;
      await c?.end().catch(() => undefined);
    },
  };
}
