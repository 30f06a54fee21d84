/**
 * docs/choices.md 38 bench: what Ratio's request path costs on a signed-in GET /api/user, next to the
 * floor in the same run: on PGlite a bare Koa answering the same JSON; on PostgreSQL a bare Koa + pg
 * server doing the same work (session cookie -> keyed hash -> the same session/user join -> JSON).
 * Budgets: >= 0.5x bare Koa on PGlite, >= 0.9x the bare Koa + pg floor on PostgreSQL.
 * Run after npm run build: npm run bench -- router
 */
import type { Server } from 'node:http';
import Koa from 'koa';
import pg from 'pg';
import { sessionSecret } from '../api/env.ts';
import { hashToken } from '../api/lib/tokens.ts';
import { fmt, loadFromSecondProcess, postgresReachable, startBenchServer, type TLoadResult } from './lib.ts';

const listen = (app: Koa) =>
  new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
const portOf = (s: Server) => (s.address() as { port: number }).port;

async function signUp(base: string): Promise<string> {
  const reg = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'router@example.com', password: 'bench-password', firstName: 'Router', lastName: 'Bench' }),
  });
  return reg.headers.getSetCookie()[0]!.split(';')[0]!;
}

type TRow = [string, TLoadResult & { cpuUs: number }];

/**
 * Load from a second process, and this process's CPU time per request (the servers all run here):
 * on a busy shared machine throughput swings with the neighbours, CPU per request much less.
 */
async function measure(url: string, headers?: Record<string, string>): Promise<TLoadResult & { cpuUs: number }> {
  const before = process.cpuUsage();
  const r = await loadFromSecondProcess(url, headers ? { headers } : {});
  const used = process.cpuUsage(before);
  return { ...r, cpuUs: (used.user + used.system) / r.requests };
}

const report = (title: string, rows: TRow[], budget: number) => {
  console.log(`\n${title} (50 connections, 8 s each, load from a second process)`);
  const floor = rows[0]![1];
  for (const [name, r] of rows) {
    console.log(
      `  ${name.padEnd(30)} ${fmt(r.rps, 0).padStart(6)} req/s (${fmt(r.rps / floor.rps, 2)}x)  p50 ${fmt(r.p50, 2).padStart(6)} ms  p99 ${fmt(r.p99, 2).padStart(6)} ms  CPU ${fmt(r.cpuUs, 0).padStart(4)} us/request (${fmt(floor.cpuUs / r.cpuUs, 2)}x)  errors ${r.errors}, non-2xx ${r.non2xx}`,
    );
  }
  console.log(`  budget: >= ${budget}x (the figures in parentheses: throughput, and the floor's CPU per request over this one's)`);
};

const lite = await startBenchServer();
try {
  const cookie = await signUp(lite.url);
  const sample = await (await fetch(`${lite.url}/api/user`, { headers: { cookie } })).text();
  const bare = new Koa();
  bare.use((ctx) => {
    ctx.type = 'json';
    ctx.body = sample;
  });
  const bareServer = await listen(bare);
  report(
    'GET /api/user on PGlite',
    [
      ['bare Koa, same JSON', await measure(`http://127.0.0.1:${portOf(bareServer)}/api/user`)],
      ['Ratio, PGlite, signed in', await measure(`${lite.url}/api/user`, { cookie })],
    ],
    0.5,
  );
  bareServer.close();
} finally {
  await lite.cleanup();
}

if (await postgresReachable()) {
  const server = await startBenchServer({ postgres: true });
  const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 10 });
  try {
    const cookie = await signUp(server.url);
    const secret = sessionSecret(server.server.deps.env);
    // The floor: the same cookie -> hash -> join -> JSON, with nothing else around it.
    const floor = new Koa();
    floor.use(async (ctx) => {
      const token = ctx.cookies.get('ratio_session');
      const { rows } = await pool.query(
        'select users.*, sessions.expires_at, sessions.last_seen_at from sessions join users on users.id = sessions.user_id where sessions.id = $1 limit 1',
        [hashToken(token ?? '', secret)],
      );
      const u = rows[0] as Record<string, unknown> | undefined;
      if (!u) {
        ctx.status = 401;
        return;
      }
      ctx.body = { id: u.id, email: u.email, firstName: u.first_name, lastName: u.last_name };
    });
    const floorServer = await listen(floor);
    report(
      'GET /api/user on PostgreSQL',
      [
        ['bare Koa + pg, same query', await measure(`http://127.0.0.1:${portOf(floorServer)}/api/user`, { cookie })],
        ['Ratio, PostgreSQL, signed in', await measure(`${server.url}/api/user`, { cookie })],
      ],
      0.9,
    );
    floorServer.close();
  } finally {
    await pool.end();
    await server.cleanup();
  }
}
