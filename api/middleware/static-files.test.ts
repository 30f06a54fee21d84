import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileFor, loadStaticFiles, rewrittenFile, type TStaticFile } from './static-files.ts';

let dir: string;
let files: Map<string, TStaticFile>;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ratio-static-'));
  await fs.mkdir(path.join(dir, '_astro'));
  await fs.mkdir(path.join(dir, 'docs'));
  const script = 'export const x = 1;\n'.repeat(200);
  await fs.writeFile(path.join(dir, '_astro', 'app.js'), script);
  await fs.writeFile(path.join(dir, '_astro', 'app.js.br'), zlib.brotliCompressSync(script));
  await fs.writeFile(path.join(dir, 'index.html'), `<!doctype html><title>home</title>${' '.repeat(2000)}`);
  await fs.writeFile(path.join(dir, 'auth.html'), '<!doctype html><title>auth</title>');
  await fs.writeFile(path.join(dir, 'docs', 'index.html'), '<!doctype html><title>docs</title>');
  await fs.writeFile(path.join(dir, '.secret'), 'hidden');
  await fs.writeFile(path.join(dir, 'favicon-32.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  files = await loadStaticFiles(dir, { headersFor: (name) => ({ 'X-Name': name }) });
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('static files in memory', () => {
  it('reads each file once with the copies the build wrote, and makes the missing ones of compressible files', () => {
    expect([...files.keys()].sort()).toEqual(['_astro/app.js', 'auth.html', 'docs/index.html', 'favicon-32.png', 'index.html']);
    const app = files.get('_astro/app.js')!;
    expect(zlib.brotliDecompressSync(app.bodies.br!).equals(app.bodies.identity)).toBe(true);
    expect(zlib.gunzipSync(app.bodies.gzip!).equals(app.bodies.identity)).toBe(true);
    expect(app.headers['Content-Type']).toBe('text/javascript; charset=utf-8');
    expect(app.headers['X-Name']).toBe('_astro/app.js');
    // A page under 1 KB and an image: no compressed copy.
    expect(files.get('auth.html')!.bodies.gzip).toBeUndefined();
    expect(files.get('favicon-32.png')!.bodies.br).toBeUndefined();
    expect(files.get('favicon-32.png')!.headers['Content-Type']).toBe('image/png');
    expect(new Set(Object.values(app.etags)).size).toBe(3);
  });

  it('resolves paths as koa-static did: decoded, pages without .html, folders to index.html, nothing outside or hidden', () => {
    const name = (p: string) => fileFor(files, p)?.name;
    expect(name('/')).toBe('index.html');
    expect(name('/index.html')).toBe('index.html');
    expect(name('/auth')).toBe('auth.html');
    expect(name('/%61uth')).toBe('auth.html');
    expect(name('/auth.html')).toBe('auth.html');
    expect(name('/docs')).toBe('docs/index.html');
    expect(name('/docs/')).toBe('docs/index.html');
    expect(name('/_astro/app.js')).toBe('_astro/app.js');
    expect(name('/_astro/../auth')).toBe('auth.html');
    // Above the root is the root: nothing outside the folder is ever named.
    expect(name('/../index.html')).toBe('index.html');
    expect(name('/%2e%2e/%2e%2e/etc/passwd')).toBeUndefined();
    for (const p of ['/nope', '/auth.js', '/.secret', '/%E0%A4%A', '/auth%00', '/_astro/app.js.br']) expect(name(p), p).toBeUndefined();
  });

  it('rewrites a file with other bytes: the same name, date and headers, its own compressed copies and ETags', () => {
    const home = files.get('index.html')!;
    const light = rewrittenFile(home, Buffer.from(home.bodies.identity.toString('utf8').replace('home', 'light')));
    expect(light.name).toBe('index.html');
    expect(light.headers).toEqual(home.headers);
    expect(light.lastModified).toBe(home.lastModified);
    expect(zlib.brotliDecompressSync(light.bodies.br!).toString('utf8')).toContain('<title>light</title>');
    expect(zlib.gunzipSync(light.bodies.gzip!).equals(light.bodies.identity)).toBe(true);
    for (const encoding of ['identity', 'br', 'gzip'] as const) expect(light.etags[encoding]).not.toBe(home.etags[encoding]);
  });
});
