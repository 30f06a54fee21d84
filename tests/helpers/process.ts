import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

/** The project's `ratio` executable, as an operator runs it. */
export const RATIO_BIN = path.resolve('cli/bin.js');

/** What a finished `ratio` command printed, and its exit code. */
export interface TRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `node <bin> …args` to its end (from `cwd`, default a neutral folder); `node` defaults to this one. */
export function runRatio(args: string[], options: { env: Record<string, string>; cwd?: string; node?: string }): Promise<TRun> {
  const child = spawn(options.node ?? process.execPath, [RATIO_BIN, ...args], { cwd: options.cwd ?? '/', env: { ...process.env, ...options.env } });
  return collect(child);
}

function collect(child: ChildProcess): Promise<TRun> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (c: Buffer) => {
    stdout += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** True when something accepts a TCP connection at `host`:`port` within a second. */
export function portAnswers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** A free loopback port (free a moment ago). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `ratio serve` running as its own process. */
export interface TServerProcess {
  url: string;
  /** Its own process id (the primary's, with --workers). */
  pid: number;
  /** Resolves when the process has exited (stopped, killed or crashed). */
  exited: Promise<TRun>;
  /** What it has printed so far (stdout and stderr). */
  output(): string;
  /** Stops it with SIGTERM (by the PID it wrote) and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * Starts `ratio serve` on a free port with `env` (DATA_DIR and, for PostgreSQL, DATABASE_URL) and
 * waits until it answers. Rejects with what it printed when it exits first.
 */
export async function startServerProcess(env: Record<string, string>, args: string[] = []): Promise<TServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [RATIO_BIN, 'serve', ...args], {
    cwd: '/',
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
  });
  let printed = '';
  child.stdout?.on('data', (c: Buffer) => {
    printed += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    printed += c.toString();
  });
  const ended = collect(child);
  const url = `http://127.0.0.1:${port}`;
  let exited: TRun | null = null;
  void ended.then((r) => {
    exited = r;
  });
  for (;;) {
    if (exited) throw new Error(`ratio serve exited ${(exited as TRun).code}: ${(exited as TRun).stderr}`);
    if (
      await fetch(`${url}/api/user`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid!,
    exited: ended,
    output: () => printed,
    async stop() {
      const pid = Number(await fs.readFile(path.join(env.DATA_DIR!, 'ratio.pid'), 'utf8'));
      process.kill(pid, 'SIGTERM');
      await ended;
    },
  };
}
