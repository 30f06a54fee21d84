import fs from 'node:fs';
import path from 'node:path';

/**
 * Where a running server answers, for commands on the same DATA_DIR (`ratio cards export` writes
 * image links to it when PUBLIC_URL is unset): `<DATA_DIR>/server.json`, { pid, url }, written
 * when the server listens. A file whose process is gone is ignored.
 */
const file = (dataDir: string) => path.join(dataDir, 'server.json');

export function writeServerAddress(dataDir: string, url: string): void {
  fs.writeFileSync(file(dataDir), JSON.stringify({ pid: process.pid, url }), { mode: 0o600 });
}

/** The address of the live server on this data directory, or null when none runs. */
export function runningServerUrl(dataDir: string): string | null {
  let written: { pid: number; url: string };
  try {
    written = JSON.parse(fs.readFileSync(file(dataDir), 'utf8')) as { pid: number; url: string };
  } catch {
    return null;
  }
  try {
    process.kill(written.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return null; // EPERM: alive, another user's
  }
  return typeof written.url === 'string' ? written.url : null;
}
