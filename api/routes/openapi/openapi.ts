import Router from '@koa/router';
import { z } from 'zod';
import * as API from '../../../core/contracts/api.ts';
import type { TAnswerKind, TCall } from '../../../core/contracts/call.ts';
import { API_SCHEMAS, type TCallId } from '../../../core/contracts/schemas.ts';
import { serve, SENT } from '../serve.ts';

type TSchema = Record<string, unknown>;

/** The document's version: changes when a call changes in a way clients notice. */
const API_VERSION = '1.0.0';

const MEDIA: Record<Exclude<TAnswerKind, 'redirect' | 'empty'>, string> = {
  json: 'application/json',
  csv: 'text/csv',
  image: 'image/*',
  html: 'text/html',
};

const ERROR_SCHEMA: TSchema = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string' }, message: { type: 'string' } } } },
};

/** A request schema as JSON Schema, as a client writes it (before transforms). */
const jsonSchema = (schema: z.ZodType): TSchema => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as TSchema;
  return rest;
};

/** An object schema's properties as OpenAPI parameters `in` the path or the query. */
function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): TSchema[] {
  if (!schema) return [];
  const json = jsonSchema(schema);
  const props = (json.properties ?? {}) as Record<string, TSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(props).map(([name, s]) => ({ name, in: where, required: where === 'path' || required.has(name), schema: s }));
}

function operation(id: TCallId): TSchema {
  const c: TCall = API[id];
  const schemas: { summary: string; params?: z.ZodType; query?: z.ZodType; body?: z.ZodType } = API_SCHEMAS[id];
  const ok =
    c.answer === 'redirect'
      ? { 302: { description: 'Redirect' } }
      : c.answer === 'empty'
        ? { 204: { description: 'Done' } }
        : { 200: { description: 'OK', content: { [MEDIA[c.answer]]: {} } } };
  const body =
    c.body === 'json' && schemas.body
      ? { required: true, content: { 'application/json': { schema: jsonSchema(schemas.body) } } }
      : c.body === 'form'
        ? { required: true, content: { 'multipart/form-data': { schema: schemas.body ? jsonSchema(schemas.body) : {} } } }
        : c.body === 'raw'
          ? { required: true, content: { 'application/json': {} } }
          : undefined;
  const params = [...parameters(schemas.params, 'path'), ...parameters(schemas.query, 'query')];
  return {
    operationId: id,
    summary: schemas.summary,
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: { ...ok, default: { description: 'An error', content: { 'application/json': { schema: ERROR_SCHEMA } } } },
  };
}

/** `/api/cards/:slot` as OpenAPI writes it: `/api/cards/{slot}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

/**
 * The OpenAPI 3.1 document of the calls `router` serves: each route registered through serve() is named
 * after its call in the contract table; a route registered any other way is not in the table, so it is
 * missing here (and the API test that compares this document with the router fails).
 */
export function openApiDocument(router: Router): TSchema {
  const paths: Record<string, Record<string, TSchema>> = {};
  for (const layer of router.stack) {
    const id = layer.name;
    if (!id || !Object.hasOwn(API, id)) continue;
    const c: TCall = API[id as TCallId];
    (paths[openApiPath(c.path)] ??= {})[c.method.toLowerCase()] = operation(id as TCallId);
  }
  return { openapi: '3.1.0', info: { title: 'Ratio API', version: API_VERSION }, paths };
}

/** GET /api/openapi.json: the document of `api`'s routes, made once on first request (the routes do not change). */
export function openApiRoutes(api: Router): Router {
  const router = new Router();
  let document: string | null = null;
  serve(router, 'openApi', {}, (ctx) => {
    document ??= JSON.stringify(openApiDocument(api));
    ctx.type = 'json';
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = document;
    return SENT;
  });
  return router;
}
