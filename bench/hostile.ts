/**
 * docs/choices.md 15–26 bench: what hostile requests cost the server. For each, the answer time, the longest
 * event-loop stall while it ran (perf_hooks.monitorEventLoopDelay) and the process CPU it took.
 * Before the hardening: the 19-group data-URL header froze the process 3.5-5.2 s, a 14 MB nested
 * array 1.6-2.3 s, and a free account's transfer of 49 MP photos decoded them all (33 s for 100)
 * before its 403. Run: npm run bench -- hostile
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { startBenchServer } from './lib.ts';

const { url, cleanup } = await startBenchServer();
const post = (path: string, body: string | Uint8Array<ArrayBuffer>, cookie = '') =>
  fetch(url + path, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body });

const reg = await fetch(`${url}/api/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: 'bench-hostile@example.com', password: 'bench-pass', firstName: 'B', lastName: 'H' }),
});
const cookie = reg.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');
const huge = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#333' } })
  .png({ compressionLevel: 9 })
  .toBuffer();
const hugeUrl = `data:image/png;base64,${huge.toString('base64')}`;

// Bodies are encoded before any timing starts.
const bytes = (text: string) => new Uint8Array(Buffer.from(text));
const cases: Array<[string, string, string | Uint8Array<ArrayBuffer>, string]> = [
  ['data-URL header, 19 hostile groups', '/api/analyze-card', JSON.stringify({ image: `data:image/png;${'aaa;'.repeat(19)}!` }), ''],
  ['data-URL header, 256 characters', '/api/analyze-card', JSON.stringify({ image: `data:image/png;${'aaa;'.repeat(60)}!`.slice(0, 256) }), ''],
  ['13 MB nested array', '/api/analyze-card', bytes(`{"image":${'['.repeat(6_500_000)}${']'.repeat(6_500_000)}}`), ''],
  ['13 MB flat array', '/api/analyze-card', bytes(`{"image":[${'0,'.repeat(6_500_000)}0]}`), ''],
  ['14 MB nested array (over the limit)', '/api/analyze-card', bytes(`{"image":${'['.repeat(7_000_000)}${']'.repeat(7_000_000)}}`), ''],
  ['10 MB image of zeros as a data URL', '/api/analyze-card', bytes(JSON.stringify({ image: `data:image/png;base64,${'A'.repeat(13_900_000)}` })), ''],
  [
    'free account: 12 photos of 49 MP',
    '/api/transfer-collection',
    bytes(JSON.stringify({ collectionData: Array.from({ length: 12 }, (_, i) => ({ slotNumber: i + 1, imageUrl: hugeUrl, title: `c${i}` })) })),
    cookie,
  ],
];

console.log('request                                 status   answer ms   longest stall ms   CPU ms');
for (const [name, path, body, who] of cases) {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const res = await post(path, body, who);
  await res.arrayBuffer();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  loop.disable();
  console.log(
    `${name.padEnd(40)}${String(res.status).padStart(6)}${ms.toFixed(0).padStart(12)}${(loop.max / 1e6).toFixed(0).padStart(19)}${((used.user + used.system) / 1000).toFixed(0).padStart(9)}`,
  );
}
console.log('(the client runs in the same process: its share of CPU and stalls is included)');
await cleanup();
