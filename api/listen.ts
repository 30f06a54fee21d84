import type { Server } from 'node:http';
import type Koa from 'koa';

/**
 * How long an idle keep-alive connection stays open (Node's default is 5 s). Longer than the idle
 * timeout of the proxies Ratio runs behind (nginx and most load balancers: 60 s), so a proxy never
 * sends a request on a connection this server is closing; clients that read the `Keep-Alive:
 * timeout=65` hint (Node's and undici's agents) let theirs go a second before it. At 5 s, a client
 * whose event loop stalls past that moment writes its next request into a closing socket and reads
 * ECONNRESET.
 */
export const KEEP_ALIVE_MS = 65_000;

/** Koa's app on a port, with Ratio's connection timeouts. */
export function listen(app: Koa, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, () => resolve(server));
    server.once('error', reject);
    server.keepAliveTimeout = KEEP_ALIVE_MS;
    // Headers of a request on a fresh connection still have to arrive within Node's default 60 s.
  });
}
