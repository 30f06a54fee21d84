/**
 * Tells a process's caches which users' rows another process (or this one) changed. The database
 * announces it itself: triggers NOTIFY the user's id on every commit that changes a user row or
 * ends a session (migration 20261126100000_cache_notify), so API processes, `ratio` commands and
 * psql are all covered without any of them publishing.
 */
export interface CacheBus {
  /** True while every change is heard; a cache must not answer from memory while it is false. */
  readonly live: boolean;
  /**
   * Resolves once every notification committed before the call has been heard (rejects when that
   * cannot be known). Notifications reach a listener a moment after the writer's commit returns;
   * a cache checks this before answering, so a change is obeyed by the very next request.
   */
  sync(): Promise<void>;
  /** `fn` gets the id of each user whose rows changed, or null when anything may have changed. */
  subscribe(fn: (userId: number | null) => void): void;
  close(): Promise<void>;
}

/** The user id a notification names, or null (anything may have changed). */
export function userIdOf(payload: string): number | null {
  const id = Number(payload);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
