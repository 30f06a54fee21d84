import type { Knex } from 'knex';
import type { TEnv } from './env.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './services/mail/mailer.ts';
import type { ImageStore } from './services/images/image-store.ts';
import type { CardAnalyzer } from './services/analysis/index.ts';
import type { SessionCache } from './services/sessions/session-cache.ts';
import type { RateLimits } from './services/limits/rate-limits.ts';
import type { TBilling } from './services/billing/create-billing.ts';
import type { PriceProvider } from './services/prices/provider.ts';
import type { GalleryCache } from './services/cards/gallery-cache.ts';
import type { SharedWallCache } from './services/share/load-shared-wall.ts';
import type { TIntake } from './services/intake/create-intake.ts';

/**
 * Everything a request handler may need, built once at start-up (api/server.ts) or by a test.
 * Passing it explicitly keeps services free of globals and lets tests swap the clock or mailer.
 */
export interface TDeps {
  env: TEnv;
  db: Knex;
  log: Logger;
  mailer: Mailer;
  limits: RateLimits;
  /** Card photos (local files by default). */
  images: ImageStore;
  /** Card photo analysis: Gemini when configured, else offline OCR of the slab label. */
  analyzer: CardAnalyzer;
  /** Session lookups remembered in memory, forgotten when the database announces a change (services/bus/). */
  sessionCache?: SessionCache | undefined;
  /** Billing: Stripe when configured, else local billing in test mode (nobody is charged). */
  billing: TBilling;
  /** Market prices (docs/choices.md 45): SportsCardsPro when configured, else the price list (not market data). */
  prices: PriceProvider;
  /** Galleries as GET /api/cards and the /gallery page answer them, per gallery version. */
  galleryCache: GalleryCache;
  /** Walls that share links show, per gallery version and link settings. */
  sharedWalls: SharedWallCache;
  /** Closes the database and what it owns (the embedded database's owner thread): the server's shutdown. */
  closeDb(): Promise<void>;
  /** Bulk intake by cert (PSA's cert API when PSA_API_TOKEN is set) and by photo: background queues (docs/choices.md 42). */
  intake: TIntake;
  /** The current time; tests move it. */
  clock: () => Date;
  /** Set by the server's graceful shutdown: health answers 503 and connections close after their response. */
  lifecycle?: { draining: boolean };
}
