import fs from 'node:fs';
import path from 'node:path';

/** What the lock file says: who holds the data directory and where it serves the database. */
export interface TLockHolder {
  pid: number;
  command: string;
  since: string;
  /**
   * The holder's start time as the kernel counts it (Linux: /proc/<pid>/stat, field 22), so a PID
   * reused by another process after the holder died is told apart from the holder (docs/choices.md 43).
   */
  started?: string;
  /** Set once the owner serves: a socket directory (unix socket) or 127.0.0.1. */
  host?: string;
  port?: number;
}

/** The data directory is held by another live process. */
export class DataDirBusyError extends Error {
  readonly holder: TLockHolder;

  constructor(dataDir: string, holder: TLockHolder) {
    super(
      `the data directory ${dataDir} is in use by process ${holder.pid} (${holder.command}, since ${holder.since}). `
        + 'Only one Ratio server can own it: stop that process first, or give this one another DATA_DIR '
        + '(or DATABASE_URL for PostgreSQL). Commands like `ratio users` run through the server while it is up.',
    );
    this.name = 'DataDirBusyError';
    this.holder = holder;
  }
}

export const lockPath = (dataDir: string) => path.join(dataDir, 'pglite.lock');

/** True when a process with this PID exists (EPERM: it exists but is not ours to signal). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A process's start time in clock ticks since boot (Linux), or undefined where /proc cannot tell. */
export function processStarted(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may itself hold spaces or ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19]; // field 22 of the whole line: starttime
  } catch {
    return undefined;
  }
}

/** A process's command line (Linux), or undefined where /proc cannot tell. */
function processCommand(pid: number): string[] | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return undefined;
  }
}

/**
 * True when the lock's holder still runs: its PID is alive and is still the same process. A PID the
 * system gave to another process since the holder died (after a crash or a reboot) is no holder: its
 * start time differs from the recorded one, or, for a lock written before start times were
 * recorded, it is not a Node process at all.
 */
function holds(holder: TLockHolder): boolean {
  if (!alive(holder.pid)) return false;
  const started = processStarted(holder.pid);
  if (holder.started !== undefined && started !== undefined) return started === holder.started;
  const command = processCommand(holder.pid);
  if (command?.length) return /node|ratio/i.test(path.basename(command[0]!)) || command.some((a) => /ratio|cli\/(bin|index)/.test(a));
  return true;
}

/** The live holder of the data directory, or null when there is none (no lock, or a stale one). */
export function readHolder(dataDir: string): TLockHolder | null {
  let holder: TLockHolder;
  try {
    holder = JSON.parse(fs.readFileSync(lockPath(dataDir), 'utf8')) as TLockHolder;
  } catch {
    return null;
  }
  return holds(holder) ? holder : null;
}

/**
 * Takes the data directory's lock for this process: `<dataDir>/pglite.lock`, holding its PID,
 * linked into place atomically (it fails if the file exists). A lock whose process is gone (killed),
 * or whose PID now belongs to another process, is stale and taken over. Throws DataDirBusyError when a live process holds it.
 * Returns `update` (record where the database is served) and `release` (idempotent).
 */
export function acquireLock(dataDir: string): { update(extra: Partial<TLockHolder>): void; release(): void } {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = lockPath(dataDir);
  const holder: TLockHolder = { pid: process.pid, command: commandLine(), since: new Date().toISOString(), started: processStarted(process.pid) };
  const write = (value: TLockHolder) => {
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(value));
    return tmp;
  };
  for (let attempt = 0; ; attempt++) {
    const tmp = write(holder);
    try {
      fs.linkSync(tmp, file);
      fs.rmSync(tmp, { force: true });
      break;
    } catch (err) {
      fs.rmSync(tmp, { force: true });
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw err;
    }
    const live = readHolder(dataDir);
    if (live) throw new DataDirBusyError(dataDir, live);
    // Stale: its owner died without releasing. Remove it and try again (two takers race on the link).
    fs.rmSync(file, { force: true });
  }
  const ours = () => readHolder(dataDir)?.pid === process.pid;
  return {
    update(extra) {
      Object.assign(holder, extra);
      fs.renameSync(write(holder), file);
    },
    release() {
      if (ours()) fs.rmSync(file, { force: true });
    },
  };
}

function commandLine(): string {
  const args = process.argv.slice(1).map((a) => path.basename(a));
  return args.join(' ').slice(0, 120);
}
