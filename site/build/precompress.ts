/**
 * Astro integration: after the build, writes a brotli (`.br`) and a gzip (`.gz`) copy beside each
 * compressible file of dist/client, pages included, so the server sends the file as it is instead
 * of compressing it again on every request (api/middleware/static-files.ts reads them at start and
 * picks one by the request's Accept-Encoding).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { AstroIntegration } from 'astro';

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml', '.map', '.webmanifest', '.ico']);
/** Below this, the encoded copy saves less than its headers cost. */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The files under `dir` worth a precompressed copy. */
export async function compressibleFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || !COMPRESSIBLE.has(path.extname(entry.name))) continue;
    const file = path.join(entry.parentPath, entry.name);
    if ((await fs.stat(file)).size >= MIN_BYTES) files.push(file);
  }
  return files;
}

/** Writes `file.br` and `file.gz` (each only when smaller than the file); returns the bytes saved. */
export async function precompressFile(file: string): Promise<{ raw: number; br: number; gz: number }> {
  const raw = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < raw.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < raw.length) await fs.writeFile(`${file}.gz`, gz);
  return { raw: raw.length, br: br.length, gz: gz.length };
}

export function precompress(): AstroIntegration {
  return {
    name: 'ratio:precompress',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const files = await compressibleFiles(fileURLToPath(dir));
        let raw = 0;
        let br = 0;
        for (const file of files) {
          const sizes = await precompressFile(file);
          raw += sizes.raw;
          br += sizes.br;
        }
        logger.info(`${files.length} files precompressed (brotli and gzip): ${Math.round(raw / 1024)} KB -> ${Math.round(br / 1024)} KB brotli`);
      },
    },
  };
}
