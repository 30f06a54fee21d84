/**
 * Accounts in every state of core/account.ts, written as the stored facts a real lifecycle leaves
 * behind (no raw SQL in tests): free, trial on day n, expired trial, PRO, grace period, data
 * retention on day n, suspended, grandfathered, each optionally with a billing customer.
 */
import type { Knex } from 'knex';
import { DAY_MS, RETENTION_DAYS, TRIAL_DAYS } from '../../core/limits.ts';
import { CardSlot } from '../../db/models/CardSlot.ts';
import { User } from '../../db/models/User.ts';
import { hashPassword } from '../../db/password.ts';
import { SESSION_COOKIE } from '../../api/middleware/session.ts';
import { sessionSecret } from '../../api/env.ts';
import { createSession } from '../../api/services/sessions/sessions.ts';
import type { TTestServer } from './server.ts';
import type { TestClient } from './http.ts';

export type TAccountPreset = 'free' | 'trial' | 'trial_expired' | 'pro' | 'grace' | 'retention' | 'suspended' | 'grandfathered';

/** The password every factory account signs in with. */
export const FACTORY_PASSWORD = 'factory-pass-1';
let passwordHash: Promise<string> | null = null;
let counter = 0;

export interface TAccountOptions {
  email?: string;
  /** Trial: days since it started (default 0). Retention: days since the subscription ended (default 1). */
  day?: number;
  /** A billing customer id (Stripe cus_… or local lcus_…); paid states get one made up when omitted. */
  customerId?: string;
  subscriptionId?: string;
  /** The clock the account's dates are relative to (default: now). */
  now?: Date;
}

/** The stored facts of an account in `preset` at `now`, as core/account.ts reads them. */
export function accountFacts(preset: TAccountPreset, options: TAccountOptions = {}): Partial<User> {
  const now = (options.now ?? new Date()).getTime();
  const at = (days: number) => new Date(now + days * DAY_MS);
  const day = options.day ?? (preset === 'retention' ? 1 : 0);
  const customer = { billingCustomerId: options.customerId ?? `cus_factory_${counter}` };
  const sub = (status: string, extra: Partial<User> = {}): Partial<User> => ({
    ...customer,
    subscriptionId: options.subscriptionId ?? `sub_factory_${counter}`,
    subscriptionProviderStatus: status,
    subscriptionCancelAtPeriodEnd: false,
    subscriptionPeriodEnd: at(20),
    subscriptionSyncedAt: at(0),
    subscriptionStartedAt: at(-10),
    ...extra,
  });
  switch (preset) {
    case 'free':
      return options.customerId ? customer : {};
    case 'trial':
      return { trialStartedAt: at(-day), trialEndDate: at(TRIAL_DAYS - day), ...(options.customerId ? customer : {}) };
    case 'trial_expired':
      return { trialStartedAt: at(-TRIAL_DAYS - 1), trialEndDate: at(-1) };
    case 'pro':
      return sub('active');
    case 'grace':
      return sub('active', { subscriptionCancelAtPeriodEnd: true, subscriptionPeriodEnd: at(10) });
    case 'retention':
      return sub('canceled', {
        subscriptionCancelAtPeriodEnd: true,
        subscriptionPeriodEnd: at(-day),
        subscriptionEndedAt: at(-day),
        subscriptionEndReason: 'cancelled',
        subscriptionStartedAt: at(-day - 30),
      });
    case 'suspended':
      return sub('unpaid', { subscriptionPeriodEnd: at(-RETENTION_DAYS / 3) });
    case 'grandfathered':
      return { isGrandfathered: true };
  }
}

/** Inserts an account in `preset`; signs in with its email and FACTORY_PASSWORD. */
export async function createAccount(db: Knex, preset: TAccountPreset, options: TAccountOptions = {}): Promise<User> {
  counter += 1;
  passwordHash ??= hashPassword(FACTORY_PASSWORD);
  return User.query(db).insertAndFetch({
    email: options.email ?? `${preset}-${counter}-${Date.now()}@example.com`,
    passwordHash: await passwordHash,
    firstName: 'Casey',
    lastName: preset[0]!.toUpperCase() + preset.slice(1),
    ...accountFacts(preset, options),
  });
}

/** A client of the test server signed in as `user` (a real session, as a sign-in makes). */
export async function signedIn(srv: TTestServer, user: Pick<User, 'id'>): Promise<TestClient> {
  const token = await createSession({ db: srv.deps.db, secret: sessionSecret(srv.deps.env), now: srv.deps.clock(), userId: user.id });
  const client = srv.client();
  client.setCookie(SESSION_COOKIE, token);
  return client;
}

/** An account in `preset` and a client signed in as it. */
export async function accountWithClient(srv: TTestServer, preset: TAccountPreset, options: TAccountOptions = {}): Promise<{ user: User; client: TestClient }> {
  const user = await createAccount(srv.deps.db, preset, { now: srv.deps.clock(), ...options });
  return { user, client: await signedIn(srv, user) };
}

/** Fills slots 1..count of a user's gallery with cards (no photo), each valued `valueCents`. */
export async function addCards(
  db: Knex,
  user: Pick<User, 'id'>,
  count: number,
  options: { createdAt?: Date; valueCents?: number; firstSlot?: number } = {},
): Promise<void> {
  const first = options.firstSlot ?? 1;
  const at = options.createdAt ?? new Date();
  const cents = options.valueCents ?? 1000;
  const rows = Array.from({ length: count }, (_, i) => ({
    userId: user.id,
    slotNumber: first + i,
    title: `Card ${first + i}`,
    description: '',
    value: `$${cents / 100}`,
    valueCents: cents,
    createdAt: at,
    updatedAt: at,
  }));
  for (let i = 0; i < rows.length; i += 500) await CardSlot.query(db).insert(rows.slice(i, i + 500));
}
