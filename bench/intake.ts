/**
 * Bulk intake (docs/choices.md 42) budgets:
 * 1. Cert intake of 100 certs through POST /api/intake/certs against the PSA emulator with a rate
 *    limit: Ratio's time beside the provider's bound (its calls / its rate). MET when Ratio takes
 *    at most 10% (+1 s) longer than the bound: the rate limit, not Ratio, decides.
 * 2. Photo intake: photos per minute of the label reader alone (the server's analyzer, one photo
 *    after another) vs the same photos through the queue (POST /api/intake/photos, then polled
 *    until read); MET at >= 0.9x. Meanwhile another process loads GET /api/cards: p99 < 100 ms.
 *
 *   npm run build && npm run bench -- intake      (real slab photos from ../shared/real-slabs when present)
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from '../api/env.ts';
import { createLogger } from '../api/logger.ts';
import { createRateLimits } from '../api/services/limits/rate-limits.ts';
import { startServer } from '../api/server.ts';
import type { TCertBatchView, TPhotoItemView } from '../core/contracts/intake.types.ts';
import { OHTANI_LABEL, renderLabel } from '../tests/analysis/fixtures/make-label.ts';
import { REAL_SLABS_PRESENT, loadRealSlabs, realSlabPhoto } from '../tests/analysis/fixtures/real-slabs.ts';
import { psaRecord, startPsaEmulator } from '../tests/helpers/psa-emulator.ts';
import { fmt, loadFromSecondProcess } from './lib.ts';

const verdict = (ok: boolean) => (ok ? 'MET' : 'MISSED');
const CERTS = 100;
const PSA_CALLS_PER_SECOND = 25;
const PHOTOS = 16;

const certs = Array.from({ length: CERTS }, (_, i) => String(80_000_000 + i));
const image = await renderLabel({ ...OHTANI_LABEL, certNumber: '45678912' }, { layout: 'slab', size: 600, jpegQuality: 80 });
const psa = await startPsaEmulator(Object.fromEntries(certs.map((c) => [c, psaRecord(c)])), image);
psa.rateLimit({ calls: PSA_CALLS_PER_SECOND, windowMs: 1000 });

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ratio-bench-intake-'));
const env = parseEnv({
  NODE_ENV: 'development',
  SESSION_SECRET: 'b'.repeat(40),
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  PSA_API_TOKEN: psa.token,
  PSA_API_BASE_URL: psa.baseUrl,
  PSA_API_CALLS_PER_MINUTE: String(PSA_CALLS_PER_SECOND * 60),
});
const server = await startServer(env, { siteDir: path.resolve('dist'), deps: { log: createLogger('silent'), limits: createRateLimits(1e6) } });
const url = server.url.replace('localhost', '127.0.0.1');

async function signUp(email: string): Promise<string> {
  const res = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password: 'secret-pass-1', firstName: 'Bench', lastName: 'Mark' }),
  });
  if (!res.ok) throw new Error(`register: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const trial = await fetch(`${url}/api/start-free-trial`, { method: 'POST', headers: { cookie, origin: url } });
  if (!trial.ok) throw new Error(`trial: ${trial.status}`);
  return cookie;
}
const api = async <T>(cookie: string, method: string, p: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${url}${p}`, {
    method,
    headers: { cookie, origin: url, ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}) },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

try {
  // 1. Cert intake of 100 certs at PSA's rate limit.
  {
    const cookie = await signUp('certs@bench.local');
    const calls0 = psa.apiCalls();
    const t0 = performance.now();
    let batch = await api<TCertBatchView>(cookie, 'POST', '/api/intake/certs', { certs: certs.join('\n') });
    while (!batch.finished) {
      await new Promise((r) => setTimeout(r, 100));
      batch = await api<TCertBatchView>(cookie, 'GET', `/api/intake/certs/${batch.id}`);
    }
    const seconds = (performance.now() - t0) / 1000;
    const calls = psa.apiCalls() - calls0;
    const limited = psa.limited();
    const bound = (CERTS * 2) / PSA_CALLS_PER_SECOND;
    const added = batch.items.filter((i) => i.status === 'added' && i.filled && i.photo).length;
    console.log(`\n## Cert intake: ${CERTS} certs, PSA emulator limited to ${PSA_CALLS_PER_SECOND} calls/s`);
    console.log(`provider's bound: ${CERTS * 2} calls / ${PSA_CALLS_PER_SECOND} per s = ${fmt(bound)} s`);
    console.log(
      `Ratio: ${fmt(seconds)} s (${fmt(CERTS / seconds)} certs/s), ${calls} API calls, ${added}/${CERTS} cards filled with photo${limited > 0 ? `, ${limited} answered 429` : ''}`,
    );
    console.log(`bounded by the provider, not by Ratio (<= 1.1x bound + 1 s): ${verdict(added === CERTS && seconds <= bound * 1.1 + 1)}`);
  }

  // 2. Photo intake throughput and the other requests meanwhile.
  {
    const photos = REAL_SLABS_PRESENT
      ? await Promise.all(
          loadRealSlabs()
            .slice(0, PHOTOS)
            .map((s) => realSlabPhoto(s, 'full')),
        )
      : await Promise.all(
          Array.from({ length: PHOTOS }, (_, i) =>
            renderLabel(
              {
                grader: 'PSA',
                year: String(1990 + i),
                brand: 'TOPPS',
                cardNumber: String(i + 1),
                player: 'KEN GRIFFEY JR',
                variety: '',
                grade: '9',
                gradeName: 'MINT',
                certNumber: String(61_000_000 + i),
              },
              { layout: 'slab', size: 1200, jpegQuality: 85 },
            ),
          ),
        );
    console.log(
      `\n## Photo intake: ${photos.length} ${REAL_SLABS_PRESENT ? 'real slab photos (../shared/real-slabs)' : 'generated slab photos (no ../shared/real-slabs)'}`,
    );
    const analyzer = server.deps.analyzer;
    await analyzer.analyze(photos[0]!, 'image/jpeg'); // the reader's start is not what is measured
    const alone = async () => {
      const t = performance.now();
      for (const p of photos) await analyzer.analyze(p, 'image/jpeg');
      return (photos.length / (performance.now() - t)) * 60_000;
    };
    const aloneBefore = await alone();

    const cookie = await signUp('photos@bench.local');
    // Each photo made distinct, so none is taken for a copy of another.
    const distinct = photos.map((p, i) => Buffer.concat([p, Buffer.from(`\n${i}-${Date.now()}`)]));
    const expectedSeconds = (photos.length / aloneBefore) * 60;
    // Other collectors meanwhile: 4 clients each asking for a wall every 50 ms (80 requests/s).
    const load = loadFromSecondProcess(`${url}/api/cards`, {
      headers: { cookie, 'accept-encoding': 'gzip' },
      connections: 4,
      pauseMs: 50,
      seconds: Math.max(3, Math.floor(expectedSeconds)),
    });
    await new Promise((r) => setTimeout(r, 1000)); // the load worker's warm-up second
    const t = performance.now();
    for (const [i, p] of distinct.entries()) {
      const form = new FormData();
      form.append('name', `photo-${i}.jpg`);
      form.append('image', new Blob([new Uint8Array(p)], { type: 'image/jpeg' }), `photo-${i}.jpg`);
      await api<TPhotoItemView>(cookie, 'POST', '/api/intake/photos', form);
    }
    let items: TPhotoItemView[] = [];
    do {
      await new Promise((r) => setTimeout(r, 100));
      items = (await api<{ items: TPhotoItemView[] }>(cookie, 'GET', '/api/intake/photos')).items;
    } while (items.some((i) => i.status === 'queued' || i.status === 'reading'));
    const queued = (photos.length / (performance.now() - t)) * 60_000;
    const other = await load;
    const aloneAfter = await alone();
    const aloneRate = (aloneBefore + aloneAfter) / 2;
    const ratio = queued / aloneRate;
    console.log(
      `reader alone: ${fmt(aloneBefore)} and ${fmt(aloneAfter)} photos/min (mean ${fmt(aloneRate)}); through the queue: ${fmt(queued)} photos/min (${items.filter((i) => i.status === 'read').length} read)`,
    );
    console.log(`queue vs reader alone: ${fmt(ratio, 2)}x (>= 0.9x): ${verdict(ratio >= 0.9)}`);
    console.log(
      `other requests meanwhile (GET /api/cards, 4 clients every 50 ms): ${other.requests} requests, p50 ${fmt(other.p50)} ms, p99 ${fmt(other.p99)} ms, ${other.errors + other.non2xx} failed (p99 < 100 ms): ${verdict(other.p99 < 100 && other.errors + other.non2xx === 0)}`,
    );
  }
  console.log(
    `\nload average: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.availableParallelism()} cores`,
  );
} finally {
  await server.close();
  await psa.close();
  await fs.rm(dataDir, { recursive: true, force: true });
}
