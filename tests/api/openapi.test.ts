import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as API from '../../core/contracts/api.ts';
import { apiRouter } from '../../api/routes/index.ts';
import { startTestServer, type TTestServer } from '../helpers/server.ts';

let srv: TTestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  await srv?.close();
});

type TDocument = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<
    string,
    Record<string, { operationId: string; responses: Record<string, unknown>; parameters?: { name: string; in: string }[]; requestBody?: unknown }>
  >;
};

/** Every method and path the API router serves, read from the router itself (not from the table). */
function servedRoutes(): string[] {
  const served = new Set<string>();
  for (const layer of apiRouter(srv.deps).stack) {
    if (layer.path === '/api/{*rest}') continue; // the JSON 404 for every unknown path
    for (const method of layer.methods) if (method !== 'HEAD') served.add(`${method} ${String(layer.path).replace(/:([A-Za-z]+)/g, '{$1}')}`);
  }
  return [...served].sort();
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document listing every route the router serves, each once, from the contract table', async () => {
    const res = await srv.client().call('openApi');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const doc = res.body as unknown as TDocument;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Ratio API');
    const listed = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    // A route registered outside the table (router.get(...) instead of serve()) is served but not listed.
    expect(listed).toEqual(servedRoutes());
    // The test server runs local billing's TEST MODE, so every call of the table is served.
    expect(listed.length).toBe(Object.keys(API).length);
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((o) => o.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('describes each call: path params, query, JSON body schema and answers', async () => {
    const doc = (await srv.client().call('openApi')).body as unknown as TDocument;
    const update = doc.paths['/api/cards/{slot}']!.patch!;
    expect(update.operationId).toBe('updateCard');
    expect(update.parameters).toEqual([expect.objectContaining({ name: 'slot', in: 'path', required: true })]);
    expect(update.requestBody).toMatchObject({ required: true, content: { 'application/json': { schema: { type: 'object' } } } });
    expect(update.responses).toHaveProperty('200');
    expect(update.responses).toHaveProperty('default');
    const history = doc.paths['/api/cards/value-history']!.get!;
    expect(history.parameters).toEqual([expect.objectContaining({ name: 'range', in: 'query', required: false })]);
    expect(doc.paths['/api/cards/{slot}/upload']!.post!.requestBody).toMatchObject({ content: { 'multipart/form-data': {} } });
    expect(doc.paths['/api/price-alerts/{id}']!.delete!.responses).toHaveProperty('204');
  });

  it('a call made through the contract reaches its route with the input validated', async () => {
    const client = srv.client();
    const bad = await client.call('login', { body: { email: '', password: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.code).toBe('validation_error');
    const none = await client.call('currentUser');
    expect(none.status).toBe(200);
    expect(none.body).toBeNull();
  });
});
