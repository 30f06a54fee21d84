/**
 * Every account state, made by the factories, as the API presents it and as the server enforces
 * it (docs/product.md §3, §4, §6; docs/choices.md 2, 3, 6): the same rule (core/account.ts) behind both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSubscriptionStatusView } from '../../core/contracts/billing.types.ts';
import type { TUserView } from '../../core/contracts/user.types.ts';
import { accountWithClient, type TAccountPreset } from '../helpers/factories.ts';
import { startTestServer, type TTestServer } from '../helpers/server.ts';

let srv: TTestServer;
beforeAll(async () => {
  srv = await startTestServer({ rateLimitScale: 100 });
});
afterAll(async () => {
  await srv?.close();
});

const cases: Array<[TAccountPreset, Partial<TUserView>, Partial<TSubscriptionStatusView>, { slot1: number; slot11: number }]> = [
  [
    'free',
    { accountStatus: 'free', banner: 'free', isPro: false, hasProFeatures: false, canEdit: true, maxSlots: 10 },
    { status: 'free' },
    { slot1: 404, slot11: 403 },
  ],
  [
    'trial',
    { accountStatus: 'trial', banner: 'trial', isTrialActive: true, trialTone: 'green', hasProFeatures: true, maxSlots: 1000 },
    { status: 'free', daysLeft: 7 },
    { slot1: 404, slot11: 404 },
  ],
  ['trial_expired', { accountStatus: 'trial_expired', banner: 'trial_expired', canEdit: false }, { status: 'free' }, { slot1: 403, slot11: 403 }],
  [
    'pro',
    { accountStatus: 'pro', banner: 'none', isPro: true, maxSlots: 1000 },
    { status: 'pro_active', isPro: true, actions: { subscribe: false, cancel: true, reactivate: false, portal: true } },
    { slot1: 404, slot11: 404 },
  ],
  [
    'grace',
    { accountStatus: 'pro', banner: 'grace_period', isPro: true, hasProFeatures: true },
    { status: 'grace_period', daysLeft: 10, actions: { subscribe: false, cancel: false, reactivate: true, portal: true } },
    { slot1: 404, slot11: 404 },
  ],
  [
    'retention',
    { accountStatus: 'free', banner: 'data_retention', readOnlyAbove: 10, canEdit: true, hasProFeatures: false },
    { status: 'data_retention', daysLeft: 29 },
    { slot1: 404, slot11: 403 },
  ],
  [
    'suspended',
    { accountStatus: 'free', banner: 'suspended', canEdit: false, isPro: false },
    { status: 'suspended', paymentFailing: true },
    { slot1: 403, slot11: 403 },
  ],
  [
    'grandfathered',
    { accountStatus: 'grandfathered', banner: 'grandfathered', hasProFeatures: true, maxSlots: 10, isGrandfathered: true },
    { status: 'grandfathered' },
    { slot1: 404, slot11: 403 },
  ],
];

describe('account states', () => {
  it.each(cases)('%s: what the API sends and what it allows', async (preset, user, subscription, writes) => {
    const { client } = await accountWithClient(srv, preset);
    expect((await client.get<TUserView>('/api/user')).body).toMatchObject(user);
    expect((await client.get<TSubscriptionStatusView>('/api/subscription/status')).body).toMatchObject(subscription);
    // Editing an empty slot: 404 when the edit is allowed (nothing there), 403 requiresUpgrade when refused.
    expect((await client.patch('/api/cards/1', { title: 'x' })).status).toBe(writes.slot1);
    expect((await client.patch('/api/cards/11', { title: 'x' })).status).toBe(writes.slot11);
  });
});
