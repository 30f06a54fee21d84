import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { TDeps } from '../../deps.ts';
import { createSharedWallCache, type SharedWallCache } from '../../services/share/load-shared-wall.ts';

/** What the share routes and the shared page hold between requests, one per app. */
export interface TShareState {
  walls: SharedWallCache;
  /** Shared pages, their JSON and preview image, per address. */
  pageIp: RateLimiterMemory;
  /** Photos read through a link, per address: a 1,000-card wall needs 1,000 thumbnails. */
  imageIp: RateLimiterMemory;
}

const states = new WeakMap<TDeps, TShareState>();

/** Share pages: 120 per address per minute. Photos: 3,000 per address per minute. */
export function shareState(deps: TDeps): TShareState {
  let state = states.get(deps);
  if (!state) {
    state = {
      walls: createSharedWallCache(),
      pageIp: new RateLimiterMemory({ points: 120, duration: 60 }),
      imageIp: new RateLimiterMemory({ points: 3000, duration: 60 }),
    };
    states.set(deps, state);
  }
  return state;
}
