import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local HTTP server for a test's stand-in provider: where it listens, and a close that drops open connections. */
export interface TLoopbackServer {
  url: string;
  close(): Promise<void>;
}

/** Starts `handler` on 127.0.0.1 at a random port (tests' peers never listen beyond the machine). */
export async function listenOnLoopback(handler: http.RequestListener): Promise<TLoopbackServer> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
