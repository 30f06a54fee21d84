import { atom } from 'nanostores';
import { ApiError, callApi } from '../lib/api.ts';
import * as API from '../../../core/contracts/api.ts';
import type { TAccountAnswer, TRegister } from '../../../core/contracts/auth.types.ts';
import type { TUserView } from '../../../core/contracts/user.types.ts';
import { USER_ELEMENT_ID } from '../../../core/first-screen.ts';
import { readWritten } from '../lib/written.ts';

/** The signed-in user as GET /api/user answers it: the shared contract (core/contracts), so the two cannot drift. */
export type TUser = TUserView;

/** undefined while loading, null when signed out; known from the start on a page that carries it (/gallery). */
export const $user = atom<TUser | null | undefined>(readWritten<TUser>(USER_ELEMENT_ID));

/** Loads the current user (docs/product.md §7: a 401 or non-OK answer means null). */
export async function loadUser(): Promise<TUser | null> {
  try {
    const user = await callApi(API.currentUser);
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

/** Body of POST /api/register (docs/product.md §3 Registration payload; optionally the trial and the anonymous cards). */
export type TRegisterInput = TRegister;
/** What POST /api/register answers: the new user (and the cards moved, if sent), or a note that an email must be confirmed first. */
export type TRegisterResult = TAccountAnswer & { emailSent?: boolean };

/** Creates an account (the server sets the session cookie) and caches the user unless an email must be confirmed. */
export async function register(input: TRegisterInput): Promise<TRegisterResult> {
  const result: TRegisterResult = await callApi(API.register, { body: input });
  if (!result.emailSent) $user.set(result);
  return result;
}

/** Ends the session and clears the cached user. Rejects with ApiError when the server refuses. */
export async function logout(): Promise<void> {
  await callApi(API.logout);
  $user.set(null);
}

/** Saves the user's name, trimmed (docs/product.md §5), and caches the updated user. */
export async function updateName(firstName: string, lastName: string): Promise<TUser> {
  const user = await callApi(API.updateName, {
    body: {
      firstName: firstName.trim(),
      lastName: lastName.trim(),
    },
  });
  $user.set(user);
  return user;
}

/** docs/product.md §9: refresh the signed-in user every 30 s while they are not PRO; never when PRO. */
export const USER_REFRESH_MS = 30_000;
/** docs/product.md §9: every 5 s on /subscribe, and within 3 minutes after visiting it. */
export const SUBSCRIBE_REFRESH_MS = 5_000;
export const SUBSCRIBE_WINDOW_MS = 3 * 60_000;
const SUBSCRIBE_VISIT_KEY = 'ratio-subscribe-visit';

/** Notes that /subscribe is open now (called on mount and on each tick there). */
export function markSubscribeVisit(): void {
  try {
    sessionStorage.setItem(SUBSCRIBE_VISIT_KEY, String(Date.now()));
  } catch {
    // Without storage the fast pace holds only while /subscribe is open.
  }
}

/** True on /subscribe or within 3 minutes after it (docs/product.md §9). */
function subscribePace(now: number): boolean {
  if (window.location.pathname === '/subscribe') return true;
  try {
    const at = Number(sessionStorage.getItem(SUBSCRIBE_VISIT_KEY));
    return Number.isFinite(at) && at > 0 && now - at < SUBSCRIBE_WINDOW_MS;
  } catch {
    return false;
  }
}

/**
 * Keeps $user fresh while the page is open (docs/product.md §9): a non-PRO user is reloaded every 30 s, or
 * every 5 s on /subscribe and for 3 minutes after it; never once PRO. A null answer or a 401 signs
 * the page out; other failures (network, 5xx) are ignored and the next tick tries again. Returns
 * the stop function.
 */
export function startUserRefresh(): () => void {
  let last = Date.now();
  const timer = window.setInterval(() => {
    const current = $user.get();
    if (!current || current.isPro) return;
    const now = Date.now();
    const fast = subscribePace(now);
    if (window.location.pathname === '/subscribe') markSubscribeVisit();
    if (now - last < (fast ? SUBSCRIBE_REFRESH_MS : USER_REFRESH_MS) - 250) return;
    last = now;
    callApi(API.currentUser)
      .then((user) => $user.set(user ?? null))
      .catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 401) $user.set(null);
      });
  }, SUBSCRIBE_REFRESH_MS);
  return () => window.clearInterval(timer);
}
