import { describe, expect, it } from 'vitest';
import { accountStatus } from './account.ts';

const now = new Date('2026-11-21T12:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 24 * 3600 * 1000);
const base = { isPro: false, isGrandfathered: false, trialEndDate: null };

describe('accountStatus', () => {
  it('a new free user edits 10 slots without PRO features', () => {
    expect(accountStatus(base, now)).toEqual({
      kind: 'free', isTrialActive: false, trialDaysLeft: null, canEdit: true, maxSlots: 10, hasProFeatures: false,
    });
  });

  it('a running trial is PRO for 1000 slots with the days left rounded up', () => {
    const s = accountStatus({ ...base, trialEndDate: days(6.2) }, now);
    expect(s).toMatchObject({ kind: 'trial', isTrialActive: true, trialDaysLeft: 7, canEdit: true, maxSlots: 1000, hasProFeatures: true });
  });

  it('an expired trial is view-only (spec §4)', () => {
    const s = accountStatus({ ...base, trialEndDate: days(-1) }, now);
    expect(s).toMatchObject({ kind: 'trial_expired', isTrialActive: false, canEdit: false, maxSlots: 10, hasProFeatures: false });
  });

  it('the trial ends exactly at its end date', () => {
    expect(accountStatus({ ...base, trialEndDate: now }, now).kind).toBe('trial_expired');
  });

  it('PRO wins over an expired trial', () => {
    expect(accountStatus({ ...base, isPro: true, trialEndDate: days(-3) }, now)).toMatchObject({ kind: 'pro', canEdit: true, maxSlots: 1000 });
  });

  it('grandfathered accounts keep 10 slots with every feature', () => {
    expect(accountStatus({ ...base, isGrandfathered: true }, now)).toMatchObject({
      kind: 'grandfathered', canEdit: true, maxSlots: 10, hasProFeatures: true,
    });
  });
});
