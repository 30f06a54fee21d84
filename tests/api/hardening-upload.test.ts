import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegWithExif } from '../fixtures/images.ts';
import { createTestDb, testDbKind, type TTestDb } from '../helpers/db.ts';
import { TestClient } from '../helpers/http.ts';
import { startServerProcess, type TServerProcess } from '../helpers/process.ts';
import { registerTrialUser, startTestServer, type TTestServer } from '../helpers/server.ts';

/**
 * docs/choices.md 43 item 1: a multipart upload cut anywhere (inside the part headers, inside the file, before
 * the closing boundary, or by a client that hangs up mid-body) is a 400 `bad_request` or a dropped
 * connection, never the end of the server process.
 */

const BOUNDARY = '----ratio-cut-7f3a';

/** What the raw socket got back: the status line's code (null when the server sent nothing) and body. */
interface TRaw {
  status: number | null;
  body: string;
}

/**
 * Sends `POST /api/cards/1/upload` over a raw socket: the headers (Content-Length `declared`, or the
 * body's own length), then `body`; with `abort`, the socket is destroyed right after the body is
 * written (the client hangs up with bytes still owed); with `halfClose`, the client ends its side.
 */
function rawUpload(
  url: string,
  cookie: string,
  body: Buffer,
  options: { declared?: number; chunked?: boolean; abort?: boolean; halfClose?: boolean } = {},
): Promise<TRaw> {
  const { port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let got = '';
    const done = () => {
      const m = got.match(/^HTTP\/1\.1 (\d{3})/);
      resolve({ status: m ? Number(m[1]) : null, body: got.slice(got.indexOf('\r\n\r\n') + 4) });
    };
    socket.on('data', (c: Buffer) => {
      got += c.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.on('close', done);
    socket.setTimeout(20_000, () => socket.destroy());
    socket.on('connect', () => {
      const length = options.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${options.declared ?? body.length}`;
      socket.write(
        `POST /api/cards/1/upload HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\nConnection: close\r\n`
          + `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\n${length}\r\n\r\n`,
      );
      if (options.chunked) {
        // A chunked body whose last chunk never comes: the client half-closes after one chunk.
        socket.write(`${body.length.toString(16)}\r\n`);
        socket.write(body);
        socket.end('\r\n');
        return;
      }
      // A whole HTTP body stays open for the answer (Connection: close ends it); a half-close would
      // make Node drop the request unanswered.
      socket.write(body, () => {
        if (options.abort) setTimeout(() => socket.destroy(), 20);
        else if (options.halfClose) socket.end();
      });
    });
  });
}

/** A whole upload form holding `image`, and its pieces for cutting. */
function form(image: Buffer) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="player"\r\n\r\nMickey Mantle\r\n`
      + `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="card.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return { head, tail, whole: Buffer.concat([head, image, tail]) };
}

/** Every way of cutting the form (plus a few other malformed bodies), as [name, send]. */
function variants(image: Buffer): Array<[string, (url: string, cookie: string) => Promise<TRaw>]> {
  const { head, tail, whole } = form(image);
  const partHeaders = head.indexOf('Content-Disposition: form-data; name="image"');
  return [
    ['ends inside the part headers', (u, c) => rawUpload(u, c, head.subarray(0, partHeaders + 20))],
    ['ends inside the first part headers', (u, c) => rawUpload(u, c, head.subarray(0, 30))],
    ['ends inside the file', (u, c) => rawUpload(u, c, Buffer.concat([head, image.subarray(0, image.length >> 1)]))],
    ['ends right after the file, no closing boundary', (u, c) => rawUpload(u, c, Buffer.concat([head, image]))],
    ['closing boundary cut short', (u, c) => rawUpload(u, c, Buffer.concat([head, image, tail.subarray(0, 6)]))],
    ['delimiter without its final dashes', (u, c) => rawUpload(u, c, Buffer.concat([head, image, Buffer.from(`\r\n--${BOUNDARY}\r\n`)]))],
    ['only the preamble', (u, c) => rawUpload(u, c, Buffer.from('garbage before any boundary'))],
    ['empty body', (u, c) => rawUpload(u, c, Buffer.alloc(0))],
    ['client aborts inside the file', (u, c) => rawUpload(u, c, Buffer.concat([head, image.subarray(0, 2000)]), { declared: whole.length, abort: true })],
    ['client aborts inside the headers', (u, c) => rawUpload(u, c, head.subarray(0, partHeaders + 10), { declared: whole.length, abort: true })],
    [
      'client half-closes with bytes owed',
      (u, c) => rawUpload(u, c, Buffer.concat([head, image.subarray(0, 2000)]), { declared: whole.length, halfClose: true }),
    ],
    ['chunked body with no last chunk', (u, c) => rawUpload(u, c, Buffer.concat([head, image.subarray(0, 3000)]), { chunked: true })],
  ];
}

/** A body that is whole over HTTP but not a whole form answers 400 bad_request in the one error shape. */
const CUT_NOT_ABORTED = new Set([
  'ends inside the part headers',
  'ends inside the first part headers',
  'ends inside the file',
  'ends right after the file, no closing boundary',
  'closing boundary cut short',
  'delimiter without its final dashes',
  'only the preamble',
]);

let image: Buffer;
beforeAll(async () => {
  image = await jpegWithExif(400, 560);
});

describe('a cut multipart upload (in-process server)', () => {
  let srv: TTestServer;
  let client: TestClient;
  beforeAll(async () => {
    srv = await startTestServer({ rateLimitScale: 1000 });
    ({ client } = await registerTrialUser(srv));
  });
  afterAll(async () => {
    await srv?.close();
  });

  it('answers 400 bad_request for each truncation, and the same server answers after each', async () => {
    for (const [name, send] of variants(image)) {
      const res = await send(srv.url, client.cookieHeader);
      if (CUT_NOT_ABORTED.has(name)) {
        expect(res.status, name).toBe(400);
        expect(JSON.parse(res.body), name).toEqual({ error: { code: 'bad_request', message: 'The upload could not be read' } });
      }
      const alive = await client.get('/api/user');
      expect(alive.status, `after "${name}"`).toBe(200);
    }
    // The card slot is untouched and a whole upload still works.
    const ok = await client.request(
      'POST',
      '/api/cards/1/upload',
      (() => {
        const f = new FormData();
        f.append('image', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'c.jpg');
        return f;
      })(),
    );
    expect(ok.status).toBe(201);
  });

  it('crash probe: 200 malformed uploads of every kind, then the next request is served', async () => {
    const all = variants(image);
    for (let i = 0; i < 200; i += 4) {
      await Promise.all([0, 1, 2, 3].map((k) => all[(i + k) % all.length]![1](srv.url, client.cookieHeader)));
    }
    expect((await client.get('/api/user')).status).toBe(200);
  }, 120_000);
});

describe('a cut multipart upload against `ratio serve` as its own process', () => {
  let dataDir: string;
  let testDb: TTestDb | undefined;
  let server: TServerProcess | undefined;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ratio-cut-'));
    if (testDbKind() === 'postgres') {
      testDb = await createTestDb('postgres');
      await testDb.db.destroy();
    }
  });
  afterAll(async () => {
    await server?.stop();
    await testDb?.drop().catch(() => undefined);
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it(
    testDbKind() === 'postgres' ? 'every worker of `--workers 2` lives through every cut body' : 'the process lives through every cut body',
    async () => {
      const env = { DATA_DIR: dataDir, SESSION_SECRET: 's'.repeat(40), ...(testDb ? { DATABASE_URL: testDb.url! } : {}) };
      server = await startServerProcess(env, testDb ? ['--workers', '2'] : []);
      const client = new TestClient(server.url);
      expect((await client.post('/api/register', { email: 'cut@example.com', password: 'a-long-password', firstName: 'Cut', lastName: 'Body' })).status).toBe(
        201,
      );
      expect((await client.post('/api/start-free-trial')).status).toBe(200);
      const all = variants(image);
      // Round-robin across workers: each variant reaches each worker at least once.
      for (let round = 0; round < 3; round++) {
        for (const [name, send] of all) {
          const res = await send(server.url, client.cookieHeader);
          if (CUT_NOT_ABORTED.has(name)) expect(res.status, name).toBe(400);
        }
      }
      for (let i = 0; i < 4; i++) expect((await client.get('/api/user')).status).toBe(200);
      // No worker died (the primary logs each restart).
      expect(server.output()).not.toMatch(/exited|Unexpected end of form/);
    },
    180_000,
  );
});
