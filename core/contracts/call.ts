/**
 * The shape of one API call in the contract table (`api.ts`): its method, path, what it reads and what
 * it answers. Zod-free at run time: the site imports the table without bundling zod; the request
 * schemas travel as types here, and `schemas.ts` holds the same schemas as values for the server.
 */
import type { z } from 'zod';

export type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a call's answer is: JSON, or a body of another media type (CSV, an image, a page, a redirect). */
export type TAnswerKind = 'json' | 'csv' | 'image' | 'html' | 'redirect' | 'empty';

/** How a call's request body is sent: JSON, a multipart form, or raw bytes the route reads itself. */
export type TBodyKind = 'json' | 'form' | 'raw';

/** The request schemas a call validates (as types) and its JSON answer type. */
export interface TCallTypes {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  answer?: unknown;
}

/** One call of the table. `types` is never set at run time: it only carries the types. */
export interface TCall<
  M extends TMethod = TMethod,
  P extends string = string,
  T extends TCallTypes = TCallTypes,
  A extends TAnswerKind = TAnswerKind,
  B extends TBodyKind | undefined = TBodyKind | undefined,
> {
  readonly method: M;
  readonly path: P;
  readonly answer: A;
  /** Absent: the call takes no body. */
  readonly body?: B;
  /** Set when the server registers it only in local billing's TEST MODE. */
  readonly testModeOnly?: boolean;
  readonly types?: () => T;
}

/** Carries a call's types: `types<{ body: typeof ZSwap; answer: TSlotView[] }>()`. */
export function types<T extends TCallTypes>(): (() => T) | undefined {
  return undefined;
}

/** Declares one call; the literal method and path stay in its type (the client builds URLs from them). */
export function call<
  const M extends TMethod,
  const P extends string,
  const A extends TAnswerKind,
  const B extends TBodyKind | undefined = undefined,
  T extends TCallTypes = Record<never, never>,
>(method: M, path: P, meta: Omit<TCall<M, P, T, A, B>, 'method' | 'path'>): TCall<M, P, T, A, B> {
  return { method, path, ...meta };
}

type TTypesOf<C> = C extends TCall<TMethod, string, infer T, TAnswerKind, TBodyKind | undefined> ? T : never;

/** The JSON a call answers (`undefined` for a call whose answer is not JSON). */
export type TAnswerOf<C> = TTypesOf<C> extends { answer: infer A } ? A : undefined;

type TSchemaOut<S> = S extends z.ZodType ? z.output<S> : undefined;
type TSchemaIn<S> = S extends z.ZodType ? z.input<S> : undefined;

/** The validated input a server handler receives: params, query and body as the schemas output them. */
export interface TServerInput<C> {
  params: TSchemaOut<TTypesOf<C>['params']>;
  query: TSchemaOut<TTypesOf<C>['query']>;
  body: TSchemaOut<TTypesOf<C>['body']>;
}

/** The names of a path's `:params`. */
export type TPathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | TPathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A query as a client writes it: what the schema accepts, numbers also where it reads digits. */
type TQueryIn<Q> = { [K in keyof Q]?: Q[K] | (Q[K] extends string | undefined ? number : never) };

/** A JSON body as a client sends it: optional when the schema accepts an empty object. */
type TBodyIn<B> = Record<never, never> extends B ? { body?: B } : { body: B };

type TIsForm<C> = C extends { readonly body?: infer K } ? ([K] extends ['form'] ? true : false) : false;

/** What a client passes to make a call: path params by name, the query and the body the schemas accept. */
export type TClientInput<C> =
  C extends TCall<TMethod, infer P, infer T, TAnswerKind, TBodyKind | undefined>
    ? ([TPathParams<P>] extends [never] ? unknown : { params: Record<TPathParams<P>, string | number> })
        & (T['query'] extends z.ZodType ? { query?: TQueryIn<TSchemaIn<T['query']>> } : unknown)
        & (TIsForm<C> extends true ? { body: FormData } : T['body'] extends z.ZodType ? TBodyIn<TSchemaIn<T['body']>> : unknown)
    : never;

/** A client's arguments for a call: its input, optional when nothing in it is required. */
export type TCallArgs<C> = Record<never, never> extends TClientInput<C> ? [input?: TClientInput<C>] : [input: TClientInput<C>];

/** The URL of a call: its path with the params filled in (encoded) and its query appended. */
export function callUrl(c: TCall, input: { params?: Record<string, string | number>; query?: Record<string, unknown> } = {}): string {
  const path = c.path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(input.params?.[name] ?? '')));
  const query = Object.entries(input.query ?? {}).filter(([, v]) => v !== undefined && v !== null);
  if (query.length === 0) return path;
  return `${path}?${new URLSearchParams(query.map(([k, v]) => [k, String(v)])).toString()}`;
}
