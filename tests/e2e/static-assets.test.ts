import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hydrated, startE2E, type TE2E } from '../helpers/e2e.ts';
import { openGallery, signUp } from './gallery-seed.ts';

/**
 * docs/choices.md 35 and 41: the built site's files leave as the build precompressed them (brotli
 * or gzip, by Accept-Encoding), byte for byte the file once decoded, with Vary: Accept-Encoding,
 * from memory with an ETag (a client's current copy gets a 304). Runs on the real build (dist/)
 * like the browser tests.
 */

let e2e: TE2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

interface TRaw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET that keeps the body as it came over the wire (fetch would decode it). */
function rawGet(url: string, acceptEncoding: string, headers: Record<string, string> = {}): Promise<TRaw> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding, ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** The largest script of the build (the React runtime the islands share). */
async function largestScript(): Promise<{ url: string; file: Buffer }> {
  const names = (await fs.readdir('dist/client/_astro')).filter((n) => n.endsWith('.js'));
  const files = await Promise.all(names.map(async (n) => ({ url: `/_astro/${n}`, file: await fs.readFile(path.join('dist/client/_astro', n)) })));
  return files.sort((a, b) => b.file.length - a.file.length)[0]!;
}

describe('static assets are served precompressed', () => {
  it('brotli to a client that takes it, gzip to one that takes only gzip, the plain file otherwise; each decodes to the file', async () => {
    const { url, file } = await largestScript();
    expect(file.length).toBeGreaterThan(1024);

    const br = await rawGet(e2e.url + url, 'gzip, deflate, br, zstd');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers['cache-control']).toMatch(/immutable/);
    // The build's own copy: what the server sends is the file written beside the asset.
    expect(br.body.equals(await fs.readFile(path.join('dist/client', `${url}.br`)))).toBe(true);
    expect(zlib.brotliDecompressSync(br.body).equals(file)).toBe(true);

    const gz = await rawGet(e2e.url + url, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zlib.gunzipSync(gz.body).equals(file)).toBe(true);

    const plain = await rawGet(e2e.url + url, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.body.equals(file)).toBe(true);
  });

  it('pages link the PNG icons drawn at build (not the SVG, which costs the page an SVG document), served as PNGs of their size', async () => {
    for (const pagePath of ['/', '/pricing', '/auth']) {
      const html = (await rawGet(e2e.url + pagePath, 'identity')).body.toString('utf8');
      const icons = [...html.matchAll(/<link rel="(icon|apple-touch-icon)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]);
      expect(icons, pagePath).toEqual([
        ['icon', '/favicon-32.png'],
        ['apple-touch-icon', '/apple-touch-icon.png'],
      ]);
    }
    for (const [icon, size] of [
      ['/favicon-32.png', 32],
      ['/apple-touch-icon.png', 180],
    ] as const) {
      const res = await rawGet(e2e.url + icon, 'gzip, br');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(await sharp(res.body).metadata()).toMatchObject({ format: 'png', width: size, height: size });
    }
  });

  it('pages leave precompressed too, with their own headers', async () => {
    const page = await rawGet(`${e2e.url}/pricing`, 'gzip');
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['content-security-policy']).toMatch(/script-src/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body.equals(await fs.readFile('dist/client/pricing.html.gz'))).toBe(true);
    expect(zlib.gunzipSync(page.body).toString('utf8')).toMatch(/<html/i);
    const br = await rawGet(`${e2e.url}/pricing`, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).equals(zlib.gunzipSync(page.body))).toBe(true);
  });

  it('each file and encoding has its own ETag; a client holding the current copy gets a 304 with no body', async () => {
    const { url } = await largestScript();
    const br = await rawGet(e2e.url + url, 'br');
    const gz = await rawGet(e2e.url + url, 'gzip');
    expect(br.headers.etag).toMatch(/^"[^"]+"$/);
    expect(gz.headers.etag).toMatch(/^"[^"]+"$/);
    expect(br.headers.etag).not.toBe(gz.headers.etag);
    expect(br.headers['last-modified']).toBeTruthy();

    const again = await rawGet(e2e.url + url, 'br', { 'if-none-match': br.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(br.headers.etag);
    // Another encoding's tag is not this copy.
    expect((await rawGet(e2e.url + url, 'br', { 'if-none-match': gz.headers.etag! })).status).toBe(200);

    const page = await rawGet(`${e2e.url}/auth`, 'gzip');
    expect((await rawGet(`${e2e.url}/auth`, 'gzip', { 'if-none-match': page.headers.etag! })).status).toBe(304);
    // An unknown path is the landing page with a 404, never a 304.
    const missing = await rawGet(`${e2e.url}/no-such-page`, 'gzip', { 'if-none-match': page.headers.etag! });
    expect(missing.status).toBe(404);
    expect(zlib.gunzipSync(missing.body).toString('utf8')).toMatch(/Your Collection/);
  });
});

describe('pages preload the modules their islands import', () => {
  /** The modules a page's HTML asks the browser to preload. */
  const preloaded = (html: string) => new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]!));
  /** Scripts the page loaded, as site paths, leaving out code loaded on demand (the value chart). */
  const scriptsLoaded = (page: import('playwright-core').Page) =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name).pathname)
        .filter((p) => p.endsWith('.js') && !/\/(ValueChart|UPlotChart)\./.test(p)),
    );

  it('the gallery and the landing page load no module their HTML did not list (no import waterfall), from a handful of files', async () => {
    const { context, page } = await e2e.newPage();
    try {
      await page.goto('/');
      await hydrated(page);
      const landing = preloaded(await (await context.request.get('/')).text());
      // The landing page's few hundred bytes of script are written into it (site/build/inline-scripts.ts): no file at all.
      expect(landing.size).toBe(0);
      expect(await scriptsLoaded(page)).toEqual([]);

      await signUp(context, 'preload@example.com');
      await openGallery(page);
      const gallery = preloaded(await (await context.request.get('/gallery')).text());
      const galleryScripts = await scriptsLoaded(page);
      expect(galleryScripts.filter((s) => !gallery.has(s))).toEqual([]);
      // React, the site's shared code and the page's island: a few files, not dozens of tiny ones.
      expect(galleryScripts.length).toBeLessThanOrEqual(12);
      // The first page of cards came with the page (api/routes/gallery/gallery-page.ts): no call for it.
      const calls = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => new URL(e.name))
          .filter((u) => u.pathname === '/api/cards')
          .map((u) => u.search),
      );
      expect(calls).not.toContain('?limit=60');
    } finally {
      await context.close();
    }
  });
});
