/**
 * A load generator run as its own process by bench/lib.ts: autocannon (keep-alive connections, no
 * pipelining) against one URL, `connections` at a time, for `seconds` after one second of warm-up.
 * autocannon's client costs a fraction of Node's http client per request, so a fast server (a
 * bare Koa) is measured at its own speed rather than the load generator's. Prints one JSON line:
 * { requests, seconds, p50, p99, errors, non2xx } (latencies in ms).
 * Usage: node bench/load-worker.ts <url> <connections> <seconds> [headersJson]
 */
import autocannon from 'autocannon';

const [url, connArg, secArg, headersArg] = process.argv.slice(2);
const connections = Number(connArg ?? 50);
const seconds = Number(secArg ?? 8);
const headers = headersArg ? (JSON.parse(headersArg) as Record<string, string>) : {};

const run = (duration: number) => autocannon({ url: url!, connections, duration, headers });
await run(1);
const r = await run(seconds);
console.log(JSON.stringify({ requests: r.requests.total, seconds, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx }));
