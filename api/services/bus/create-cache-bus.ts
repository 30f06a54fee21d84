import type { Knex } from 'knex';
import type { OwnerNotifications } from '../../../db/embedded/owner.ts';
import type { Logger } from '../../logger.ts';
import { userIdOf, type CacheBus } from './cache-bus.ts';
import { createPgBus } from './pg-bus.ts';

/**
 * The bus for a server's database: LISTEN on PostgreSQL (a connection of its own); on the embedded
 * database, what its owner's thread hears (`embedded`: db/embedded/worker.ts). Undefined for PGlite
 * in this process (tests), whose only client is this process.
 */
export async function createCacheBus(db: Knex, log: Logger, embedded?: OwnerNotifications): Promise<CacheBus | undefined> {
  if (db.client.config.client !== 'pg') return undefined;
  if (embedded) {
    const listeners = new Set<(userId: number | null) => void>();
    const onNotify = (payload: string) => {
      for (const fn of listeners) fn(userIdOf(payload));
    };
    embedded.on('notify', onNotify);
    return {
      live: true,
      sync: () => embedded.sync(),
      subscribe: (fn) => {
        listeners.add(fn);
      },
      async close() {
        embedded.off('notify', onNotify);
      },
    };
  }
  return createPgBus(db.client.config.connection as string | object, log);
}
