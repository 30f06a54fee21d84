import fs from 'node:fs/promises';
import path from 'node:path';

/** Where image files live. Local files now; an S3 implementation can follow the same contract. */
export interface ImageStore {
  /** Writes a file; creates folders as needed. */
  write(key: string, data: Buffer): Promise<void>;
  /** The file's bytes, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** Removes every file under a prefix. Idempotent. */
  removePrefix(prefix: string): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

function resolveKey(root: string, key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe image key ${key}`);
  return path.join(root, key);
}

/** Image files under a folder (the embedded default: DATA_DIR/images). */
export function localImageStore(root: string): ImageStore {
  return {
    async write(key, data) {
      const file = resolveKey(root, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data);
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
  };
}
