import * as API from '../../core/contracts/api.ts';
import type { TCallId } from '../../core/contracts/schemas.ts';
import { callUrl, type TAnswerOf, type TCallArgs } from '../../core/contracts/call.ts';

/**
 * A small HTTP client for API tests: keeps cookies like a browser, sends JSON, and returns status,
 * headers and the parsed body.
 */
export interface TResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** The loose shape of an API answer; tests pass a precise type where they read deeper. */
export type TApiBody = { error?: { code: string; message: string; [k: string]: unknown }; [k: string]: unknown };

export class TestClient {
  readonly baseUrl: string;
  private cookies = new Map<string, string>();
  /** Extra headers sent with every request (e.g. a foreign Origin). */
  headers: Record<string, string> = {};

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  /** Sets a cookie as if the server had (a session made outside the HTTP API, by a test factory). */
  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  /** A cookie's value as the server last set it. */
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Sends a request; `body` is JSON unless it is a string, FormData or Buffer. */
  async request<T = TApiBody>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<TResponse<T>> {
    const h: Record<string, string> = { ...this.headers, ...headers };
    if (this.cookies.size) h.cookie = this.cookieHeader;
    let payload: BodyInit | undefined;
    if (typeof body === 'string' || body instanceof FormData || body instanceof Uint8Array) {
      payload = body as BodyInit;
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      h['content-type'] ??= 'application/json';
    }
    const res = await fetch(this.baseUrl + path, { method, headers: h, body: payload, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      if (value === '' || /max-age=0/i.test(c) || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  /**
   * Makes the contract's call `id` (core/contracts/api.ts): its method, its path with `params` filled in,
   * `query` and `body`; the answer is typed as the contract says a success is (an error answer is TApiBody).
   */
  call<K extends TCallId>(id: K, ...[input]: TCallArgs<(typeof API)[K]>): Promise<TResponse<TAnswerOf<(typeof API)[K]> & TApiBody>> {
    const c = API[id];
    const { params, query, body } = (input ?? {}) as { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown };
    return this.request(c.method, callUrl(c, { params, query }), body);
  }

  get<T = TApiBody>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = TApiBody>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body, headers);
  }
  patch<T = TApiBody>(path: string, body?: unknown) {
    return this.request<T>('PATCH', path, body);
  }
  delete<T = TApiBody>(path: string) {
    return this.request<T>('DELETE', path);
  }
}
