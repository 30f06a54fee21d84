import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** One stored file, as a listing reports it. */
export interface TStoredFile {
  key: string;
  bytes: number;
  modifiedAt: Date;
}

/** Where image files live: local files (the default) or S3-compatible object storage (s3-image-store.ts). */
export interface ImageStore {
  /**
   * Writes a file whole or not at all (a process killed mid-write leaves the old file or none, never
   * a cut one); creates folders as needed.
   */
  write(key: string, data: Buffer): Promise<void>;
  /** Removes one file. Idempotent. */
  remove(key: string): Promise<void>;
  /** The file's bytes, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** Removes every file under a prefix. Idempotent. */
  removePrefix(prefix: string): Promise<void>;
  /**
   * Every stored file, in lexicographic order of key (what S3's ListObjectsV2 gives), so the files
   * of one folder come together. Used by the sweep (sweep-images.ts).
   */
  list(): AsyncIterable<TStoredFile>;
  /** Throws when the store cannot be reached (GET /api/health). */
  ping?(): Promise<void>;
}

/** A local store's temporary file (`.<name>.<hex>.tmp`), left behind only by a process killed mid-write. */
export const isTempImageKey = (key: string) => /(^|\/)\.[^/]+\.[0-9a-f]{12}\.tmp$/.test(key);

const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

/** The key itself, once checked: letters, digits, `_-.` in `/`-separated parts, no `..`. */
export function checkKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe image key ${key}`);
  return key;
}

function resolveKey(root: string, key: string): string {
  return path.join(root, checkKey(key));
}

/** Files under `dir` (keys relative to `root`), depth first in lexicographic order. */
async function* walk(root: string, dir: string): AsyncGenerator<TStoredFile> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  // Sorted by the key each entry starts ('a/' before 'a-b'), as S3 lists them.
  const keyOf = (e: { name: string; isDirectory(): boolean }) => (e.isDirectory() ? `${e.name}/` : e.name);
  for (const entry of entries.sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : 1))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(root, full);
    else if (entry.isFile()) {
      const stat = await fs.stat(full).catch(() => null);
      if (stat) yield { key: path.relative(root, full).split(path.sep).join('/'), bytes: stat.size, modifiedAt: stat.mtime };
    }
  }
}

/** Image files under a folder (the embedded default: DATA_DIR/images). */
export function localImageStore(root: string): ImageStore {
  return {
    async write(key, data) {
      const file = resolveKey(root, key);
      await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      // Written under a temporary name beside it, then renamed into place: a rename on one file
      // system is atomic, so readers see the old file, none, or the whole new one (docs/choices.md 43). A
      // temporary left by a killed process is removed by the sweep (isTempImageKey).
      const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
      try {
        await fs.writeFile(temp, data, { mode: 0o600 });
        await fs.rename(temp, file);
      } catch (err) {
        await fs.rm(temp, { force: true });
        throw err;
      }
    },
    async remove(key) {
      await fs.rm(resolveKey(root, key), { force: true });
    },
    async read(key) {
      try {
        return await fs.readFile(resolveKey(root, key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async removePrefix(prefix) {
      await fs.rm(resolveKey(root, prefix), { recursive: true, force: true });
    },
    list: () => walk(root, root),
    async ping() {
      await fs.mkdir(root, { recursive: true });
      await fs.access(root, fs.constants.R_OK | fs.constants.W_OK);
    },
  };
}
