import type { Knex } from 'knex';
import * as accounts from './20261121100000_accounts.ts';
import * as cards from './20261121110000_cards.ts';
import * as galleryVersion from './20261121120000_gallery_version.ts';
import * as billing from './20261124100000_billing.ts';
import * as adminFacts from './20261125100000_admin_facts.ts';
import * as cacheNotify from './20261126100000_cache_notify.ts';
import * as rateLimits from './20261126110000_rate_limits.ts';
import * as shares from './20261126120000_shares.ts';
import * as cardFields from './20261201100000_card_fields.ts';
import * as importKeys from './20261201110000_import_keys.ts';
import * as shareSealedToken from './20261203120000_share_sealed_token.ts';
import * as population from './20261204100000_population.ts';
import * as shareOwnerName from './20261204110000_share_owner_name.ts';
import * as marketValues from './20261205100000_market_values.ts';
import * as cardMarket from './20261206100000_card_market.ts';

interface TMigration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
  /** Tables it creates (and its `down` drops). */
  tables: readonly string[];
}

/** Every migration in order. Add new ones at the end, named by timestamp. */
const MIGRATIONS: Record<string, TMigration> = {
  '20261121100000_accounts': accounts,
  '20261121110000_cards': cards,
  '20261121120000_gallery_version': galleryVersion,
  '20261124100000_billing': billing,
  '20261125100000_admin_facts': adminFacts,
  '20261126100000_cache_notify': cacheNotify,
  '20261126110000_rate_limits': rateLimits,
  '20261126120000_shares': shares,
  '20261201100000_card_fields': cardFields,
  '20261201110000_import_keys': importKeys,
  '20261203120000_share_sealed_token': shareSealedToken,
  '20261204100000_population': population,
  '20261204110000_share_owner_name': shareOwnerName,
  '20261205100000_market_values': marketValues,
  '20261206100000_card_market': cardMarket,
};

/**
 * Knex migration source listing the migrations above, so migrations load the same way under
 * Node, Vitest and any bundler (no directory scanning).
 */
export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(MIGRATIONS),
  getMigrationName: (name) => name,
  getMigration: async (name) => {
    const migration = MIGRATIONS[name];
    if (!migration) throw new Error(`Unknown migration ${name}`);
    return migration;
  },
};

/** The tables the named migrations' `down` would drop. */
export function tablesDroppedBy(names: readonly string[]): string[] {
  return names.flatMap((name) => MIGRATIONS[name]?.tables ?? []);
}
