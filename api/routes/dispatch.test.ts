import type { Server } from 'node:http';
import Router from '@koa/router';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeDispatcher } from './dispatch.ts';

let server: Server;
let base = '';
const calls: string[] = [];

beforeAll(async () => {
  const api = new Router({ prefix: '/api' });
  const group = new Router();
  group.use(async (ctx, next) => {
    calls.push(`group ${ctx.path}`);
    await next();
  });
  group.get('/cards/:slot', (ctx) => {
    ctx.body = { slot: ctx.params.slot };
  });
  group.get('/cards/:slot/image/:size', (ctx) => {
    ctx.body = { slot: ctx.params.slot, size: ctx.params.size };
  });
  group.post('/cards/:slot', (ctx) => {
    ctx.body = { posted: ctx.params.slot };
  });
  api.use(group.routes());
  api.all('/{*rest}', (ctx) => {
    ctx.status = 404;
    ctx.body = { error: 'none' };
  });
  const app = new Koa();
  app.use(routeDispatcher(api, '/api'));
  app.use((ctx) => {
    ctx.body = { site: ctx.path };
  });
  await new Promise<void>((resolve) => {
    server = app.listen(0, '127.0.0.1', resolve);
  });
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => {
  server.close();
});

const get = async (path: string, method = 'GET') => {
  const res = await fetch(base + path, { method });
  return { status: res.status, body: await res.json() };
};

describe('routeDispatcher', () => {
  it('gives each request its own params on a route it has served before', async () => {
    expect(await get('/api/cards/3')).toEqual({ status: 200, body: { slot: '3' } });
    expect(await get('/api/cards/7')).toEqual({ status: 200, body: { slot: '7' } });
    expect(await get('/api/cards/3')).toEqual({ status: 200, body: { slot: '3' } });
    expect(await get('/api/cards/9/image/thumb')).toEqual({ status: 200, body: { slot: '9', size: 'thumb' } });
  });

  it('runs a group middleware once per request, and tells methods apart on one path', async () => {
    calls.length = 0;
    expect(await get('/api/cards/4', 'POST')).toEqual({ status: 200, body: { posted: '4' } });
    expect(await get('/api/cards/4')).toEqual({ status: 200, body: { slot: '4' } });
    expect(calls).toEqual(['group /api/cards/4', 'group /api/cards/4']);
  });

  it('answers unknown API paths from the catch-all and passes every other path on', async () => {
    expect(await get('/api/nothing/here')).toEqual({ status: 404, body: { error: 'none' } });
    expect(await get('/api/cards/4', 'DELETE')).toEqual({ status: 404, body: { error: 'none' } });
    expect(await get('/gallery')).toEqual({ status: 200, body: { site: '/gallery' } });
    expect(await get('/apix')).toEqual({ status: 200, body: { site: '/apix' } });
  });
});
