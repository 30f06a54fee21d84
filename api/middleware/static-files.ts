import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Context, Middleware } from 'koa';
import mime from 'mime-types';

/** Files worth a compressed copy (the build's precompress list, plus pages). */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.map', '.webmanifest', '.ico']);
/** Below this, an encoded copy saves less than its headers cost (site/build/precompress.ts). */
const MIN_BYTES = 1024;

type TEncoding = 'br' | 'gzip' | 'identity';

/** One file of the site as it is sent: its bytes in each encoding, and its headers. */
export interface TStaticFile {
  /** The file's path relative to the folder, with forward slashes ('_astro/app.js', 'auth.html'). */
  name: string;
  bodies: Partial<Record<TEncoding, Buffer>> & { identity: Buffer };
  /** Strong validator per encoding (the encodings are different bytes). */
  etags: Partial<Record<TEncoding, string>>;
  lastModified: string;
  /** Headers of this file on every answer (content type, caching, per-page policy); null removes one set earlier. */
  headers: Record<string, string | null>;
}

export interface TStaticOptions {
  /** The headers of a file beyond its body's own (Content-Type comes from the extension); null removes a header. */
  headersFor(name: string): Record<string, string | null>;
}

// Copies the build did not make (an older build): fast settings, as they are made at every start.
const brotli = (raw: Buffer) =>
  zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
const gzip = (raw: Buffer) => zlib.gzipSync(raw, { level: 6 });
const etagOf = (body: Buffer, encoding: TEncoding) =>
  `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}${encoding === 'identity' ? '' : `-${encoding}`}"`;

/**
 * Every file under `dir` read into memory once: its bytes, its `.br` and `.gz` copies (the build's,
 * site/build/precompress.ts, or made here for files it left out, such as pages), ETags and
 * headers. Hidden files and the copies themselves are not files of their own.
 */
export async function loadStaticFiles(dir: string, options: TStaticOptions): Promise<Map<string, TStaticFile>> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const names = new Set(entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/')));
  const files = new Map<string, TStaticFile>();
  for (const name of names) {
    if (name.split('/').some((part) => part.startsWith('.')) || ((name.endsWith('.br') || name.endsWith('.gz')) && names.has(name.slice(0, -3)))) continue;
    const file = path.join(dir, name);
    const [identity, stat] = await Promise.all([fs.readFile(file), fs.stat(file)]);
    const bodies: TStaticFile['bodies'] = { identity };
    if (COMPRESSIBLE.has(path.extname(name)) && identity.length >= MIN_BYTES) {
      const copy = async (ext: string, make: (raw: Buffer) => Buffer) => (names.has(name + ext) ? fs.readFile(file + ext) : make(identity));
      const [br, gz] = await Promise.all([copy('.br', brotli), copy('.gz', gzip)]);
      if (br.length < identity.length) bodies.br = br;
      if (gz.length < identity.length) bodies.gzip = gz;
    }
    const type = mime.contentType(path.extname(name)) || 'application/octet-stream';
    files.set(name, withEtags({ name, bodies, lastModified: stat.mtime.toUTCString(), headers: { 'Content-Type': type, ...options.headersFor(name) } }));
  }
  return files;
}

function withEtags(file: Omit<TStaticFile, 'etags'>): TStaticFile {
  const etags: TStaticFile['etags'] = {};
  for (const [encoding, body] of Object.entries(file.bodies) as Array<[TEncoding, Buffer]>) etags[encoding] = etagOf(body, encoding);
  return { ...file, etags };
}

/**
 * `file` with other bytes (a page in another theme, api/site.ts): the same name, date and headers,
 * its compressed copies made here and its own ETags.
 */
export function rewrittenFile(file: TStaticFile, identity: Buffer): TStaticFile {
  const bodies: TStaticFile['bodies'] = { identity };
  if (file.bodies.br) bodies.br = brotli(identity);
  if (file.bodies.gzip) bodies.gzip = gzip(identity);
  return withEtags({ name: file.name, bodies, lastModified: file.lastModified, headers: file.headers });
}

/**
 * The file a request path names, as koa-static resolved it: percent-decoded, `/` and folders to
 * their `index.html`, a path without extension to its `.html` page. Undefined for anything else
 * (unknown, hidden, or climbing out of the folder).
 */
export function fileFor(files: ReadonlyMap<string, TStaticFile>, urlPath: string): TStaticFile | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const normal = path.posix.normalize(decoded);
  if (!normal.startsWith('/') || normal.startsWith('/..')) return undefined;
  const name = normal.endsWith('/') ? `${normal.slice(1)}index.html` : normal.slice(1);
  return files.get(name) ?? (path.posix.extname(name) ? undefined : (files.get(`${name}.html`) ?? files.get(`${name}/index.html`)));
}

/** Accept-Encoding values seen, and the encoding each picks (a browser sends one value its whole life). */
const picked = new Map<string, (file: TStaticFile) => TEncoding>();

function encodingFor(ctx: Context, file: TStaticFile): TEncoding {
  const header = ctx.get('Accept-Encoding');
  let pick = picked.get(header);
  if (!pick) {
    // As koa-send chose: brotli when the client takes it over identity, else gzip, else the file.
    const br = ctx.acceptsEncodings('br', 'identity') === 'br';
    const gz = ctx.acceptsEncodings('gzip', 'identity') === 'gzip';
    pick = (f) => (br && f.bodies.br ? 'br' : gz && f.bodies.gzip ? 'gzip' : 'identity');
    if (picked.size < 100) picked.set(header, pick);
  }
  return pick(file);
}

/**
 * Sends `file` from memory (GET and HEAD): the encoding the client takes, Content-Length,
 * Last-Modified, ETag, Vary and the file's headers; 304 when the client's copy is current. With
 * another `status` (the landing page as the 404 answer), no validators and never a 304.
 */
export function sendStaticFile(ctx: Context, file: TStaticFile, status = 200): void {
  const encoding = encodingFor(ctx, file);
  ctx.status = status;
  for (const [name, value] of Object.entries(file.headers)) {
    if (value === null) ctx.remove(name);
    else ctx.set(name, value);
  }
  ctx.vary('Accept-Encoding');
  if (status === 200) {
    ctx.set('Last-Modified', file.lastModified);
    ctx.set('ETag', file.etags[encoding]!);
  }
  if (status === 200 && ctx.fresh) {
    ctx.status = 304;
    return;
  }
  if (encoding !== 'identity') ctx.set('Content-Encoding', encoding);
  ctx.body = file.bodies[encoding];
}

/**
 * koa-static's place in the chain, from memory: a GET or HEAD for a file that `which` accepts is
 * answered (with the `variant` of it this request gets: a page in the visitor's theme), anything else goes on.
 */
export function staticFiles(
  files: ReadonlyMap<string, TStaticFile>,
  which: (file: TStaticFile) => boolean = () => true,
  variant: (ctx: Context, file: TStaticFile) => TStaticFile = (_ctx, file) => file,
): Middleware {
  return (ctx, next) => {
    const file = ctx.method === 'GET' || ctx.method === 'HEAD' ? fileFor(files, ctx.path) : undefined;
    if (!file || !which(file)) return next();
    sendStaticFile(ctx, variant(ctx, file));
    return Promise.resolve();
  };
}
