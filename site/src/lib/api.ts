import { callUrl, type TAnswerOf, type TCall, type TCallArgs } from '../../../core/contracts/call.ts';

/**
 * The one way the site talks to the API (docs/product.md §7): credentials always sent, JSON bodies, and any
 * non-OK answer raised as an ApiError whose message is "status: response text".
 */
export class ApiError extends Error {
  readonly status: number;
  /** The server's stable error code, e.g. 'user_not_found'. */
  readonly code: string | undefined;
  /** The server's human message (the JSON error's message), when there is one. */
  readonly serverMessage: string | undefined;
  /** The whole parsed JSON error body, for fields such as requiresUpgrade. */
  readonly body: Record<string, unknown> | undefined;

  constructor(status: number, text: string, body: Record<string, unknown> | undefined) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    const error = body?.error;
    if (error && typeof error === 'object') {
      const e = error as Record<string, unknown>;
      this.code = typeof e.code === 'string' ? e.code : undefined;
      this.serverMessage = typeof e.message === 'string' ? e.message : undefined;
    } else {
      this.code = undefined;
      this.serverMessage = undefined;
    }
  }
}

/** Sends a request; resolves with the parsed JSON answer (undefined for an empty body). */
export async function apiRequest<T>(method: string, path: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, credentials: 'include', headers: {} };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'Content-Type': 'application/json' };
  }
  const res = await fetch(path, init);
  const text = await res.text();
  if (!res.ok) {
    let parsed: Record<string, unknown> | undefined;
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      parsed = undefined;
    }
    throw new ApiError(res.status, text || res.statusText, parsed);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * Makes a call of the contract (`API.swapCards` of `import * as API from core/contracts/api.ts`): its
 * method, its path with `params` filled in, `query` and `body` (JSON, or the FormData of a form call);
 * resolves with the answer typed as the contract says, so a changed answer shape fails the type check
 * wherever it is read.
 */
export function callApi<C extends TCall>(c: C, ...[input]: TCallArgs<C>): Promise<TAnswerOf<C>> {
  const { params, query, body } = (input ?? {}) as { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown };
  return apiRequest(c.method, callUrl(c, { params, query }), body);
}

/** The message to show in a toast: the server's own words, else the given fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.serverMessage ?? fallback;
  return fallback;
}
