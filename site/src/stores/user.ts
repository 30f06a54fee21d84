import { atom } from 'nanostores';
import { ApiError, apiRequest } from '../lib/api.ts';

/** The signed-in user as GET /api/user answers it (spec §3 User plus derived status fields). */
export interface TUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  isPro: boolean;
  isTrialActive: boolean;
  trialEndDate: string | null;
  isGrandfathered: boolean;
  isAdmin: boolean;
  /** 'free' | 'trial' | 'pro' | 'grandfathered' | 'trial_expired' */
  accountStatus: string;
  trialDaysLeft: number | null;
  canEdit: boolean;
  maxSlots: number;
}

/** undefined while loading, null when signed out. */
export const $user = atom<TUser | null | undefined>(undefined);

/** Loads the current user (spec §7: a 401 or non-OK answer means null). */
export async function loadUser(): Promise<TUser | null> {
  try {
    const user = await apiRequest<TUser | null>('GET', '/api/user');
    $user.set(user ?? null);
    return user ?? null;
  } catch (err) {
    if (err instanceof ApiError) {
      $user.set(null);
      return null;
    }
    throw new Error('Failed to fetch user');
  }
}

/** Replaces the cached user (after login, a name change, a trial start). */
export function setUser(user: TUser | null): void {
  $user.set(user);
}
