/**
 * The load generator of bench/mixed.ts, run as its own process: `connections` loops, each signed
 * in as its own user, for `seconds` after a 2 s warm-up. Each request is, at random, a signed-in
 * read (GET /api/user, 60%), the gallery (GET /api/cards, 30%) or a photo upload to one of the
 * user's slots (10%). Prints one JSON line: every latency in ms, by kind.
 * Usage: node bench/mixed-worker.ts <url> <seconds> <config.json> (config: { cookies, photo, slots })
 */
import fs from 'node:fs';

const [url, secArg, configPath] = process.argv.slice(2);
const seconds = Number(secArg ?? 20);
const config = JSON.parse(fs.readFileSync(configPath!, 'utf8')) as { cookies: string[]; photo: string; slots: number };
const photo = new Uint8Array(fs.readFileSync(config.photo));

type TKind = 'read' | 'gallery' | 'upload';
const latencies: Record<TKind, number[]> = { read: [], gallery: [], upload: [] };
let errors = 0;
let recording = false;

async function once(cookie: string): Promise<void> {
  const r = Math.random();
  const kind: TKind = r < 0.6 ? 'read' : r < 0.9 ? 'gallery' : 'upload';
  const started = performance.now();
  try {
    let res: Response;
    if (kind === 'upload') {
      const form = new FormData();
      form.append('image', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
      form.append('title', 'Mixed load');
      res = await fetch(`${url}/api/cards/${1 + Math.floor(Math.random() * config.slots)}/upload`, { method: 'POST', headers: { cookie }, body: form });
    } else {
      res = await fetch(`${url}${kind === 'read' ? '/api/user' : '/api/cards'}`, { headers: { cookie, 'accept-encoding': 'gzip' } });
    }
    await res.arrayBuffer();
    if (res.status >= 300) errors++;
  } catch {
    errors++;
  }
  if (recording) latencies[kind].push(performance.now() - started);
}

const warmupEnd = performance.now() + 2000;
const end = warmupEnd + seconds * 1000;
setTimeout(() => {
  recording = true;
}, 2000);
await Promise.all(
  config.cookies.map(async (cookie) => {
    while (performance.now() < end) await once(cookie);
  }),
);

console.log(JSON.stringify({ seconds, errors, latencies }));
