import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { freePort, portAnswers } from './process.ts';

/** A local S3-compatible server (s3rver) with one empty bucket, and the settings that reach it. */
export interface TLocalS3 {
  server: S3rver;
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startLocalS3(bucket = 'ratio-photos'): Promise<TLocalS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'ratio-s3-'));
  const port = await freePort();
  const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  await server.run();
  return {
    server,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

const answers = (port: number) => portAnswers('127.0.0.1', port);

/**
 * Redis for tests: the machine's at 127.0.0.1:6379, or (when it is not running) a `redis-server`
 * of our own on a free port, nothing kept on disk, stopped by close().
 */
export async function reachRedis(): Promise<{ url: string; close(): Promise<void> }> {
  if (await answers(6379)) return { url: 'redis://127.0.0.1:6379', close: async () => undefined };
  const port = await freePort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 50 && !(await answers(port)); i++) await new Promise((r) => setTimeout(r, 100));
  return {
    url: `redis://127.0.0.1:${port}`,
    async close() {
      child.kill('SIGTERM');
    },
  };
}
