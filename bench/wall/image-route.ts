/**
 * A card thumbnail through GET /api/images/{id}/thumb (session, owner check, file) next to a static
 * file of the same size class (/favicon.svg), 16 connections, on PGlite: what each image of a wall
 * costs the server. Run: npx node bench/wall/image-route.ts (after npm run build).
 */
import type { TSlotView } from '../../core/contracts/cards.types.ts';
import { fmt, loadFromSecondProcess, startBenchServer } from '../lib.ts';
import { seedGallery } from '../seed-gallery.ts';

const { server, url, cleanup } = await startBenchServer();
try {
  const cookie = await seedGallery(server, url);
  const cards = (await (await fetch(`${url}/api/cards?limit=60`, { headers: { cookie } })).json()) as TSlotView[];
  for (const [label, path] of [
    ['thumbnail', cards[0]!.thumbUrl!],
    ['static file', '/favicon.svg'],
  ] as const) {
    const r = await loadFromSecondProcess(`${url}${path}`, { headers: { cookie }, connections: 16, seconds: 6 });
    console.log(`${label.padEnd(12)} ${fmt(r.rps, 0).padStart(6)} req/s  p50 ${fmt(r.p50)} ms  p99 ${fmt(r.p99)} ms  non-2xx ${r.non2xx}`);
  }
} finally {
  await cleanup();
}
