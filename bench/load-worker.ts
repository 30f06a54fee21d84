/**
 * A load generator run as its own process by bench/lib.ts: `connections` concurrent loops issue
 * GETs for `seconds` over keep-alive sockets and record each latency with sub-millisecond
 * precision. Prints one JSON line: { requests, seconds, latencies: { p50, p99 }, errors, non2xx }.
 * Usage: node bench/load-worker.ts <url> <connections> <seconds> [headersJson] [pauseMs]
 * `pauseMs`: each loop waits this long between its requests (a steady client load instead of as fast as possible).
 */
import http from 'node:http';

const [url, connArg, secArg, headersArg, pauseArg] = process.argv.slice(2);
const pauseMs = Number(pauseArg ?? 0);
const pause = () => (pauseMs > 0 ? new Promise((r) => setTimeout(r, pauseMs)) : Promise.resolve());
const target = new URL(url!);
const connections = Number(connArg ?? 50);
const seconds = Number(secArg ?? 8);
const headers = headersArg ? (JSON.parse(headersArg) as Record<string, string>) : {};
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });

const latencies: number[] = [];
let errors = 0;
let non2xx = 0;

function once(): Promise<void> {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.get({ host: target.hostname, port: target.port, path: target.pathname + target.search, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => {
        latencies.push(performance.now() - started);
        if (!res.statusCode || res.statusCode >= 300) non2xx++;
        resolve();
      });
    });
    req.on('error', () => {
      errors++;
      resolve();
    });
  });
}

const warmupEnd = performance.now() + 1000;
const end = warmupEnd + seconds * 1000;
await Promise.all(
  Array.from({ length: connections }, async () => {
    while (performance.now() < warmupEnd) {
      await once();
      await pause();
    }
  }),
);
latencies.length = 0;
await Promise.all(
  Array.from({ length: connections }, async () => {
    while (performance.now() < end) {
      await once();
      await pause();
    }
  }),
);
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
console.log(JSON.stringify({ requests: latencies.length, seconds, p50: pct(50), p99: pct(99), errors, non2xx }));
agent.destroy();
