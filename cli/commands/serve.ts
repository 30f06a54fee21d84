import type { Command } from 'commander';
import { z } from 'zod';
import { startServer } from '../../api/server.ts';
import { handleError } from '../handle-error.ts';
import { loadEnv } from '../load-env.ts';

const ZServeOptions = z.object({ port: z.coerce.number().int().min(0).max(65535).optional() });

/** Serves site and API until SIGINT/SIGTERM, then closes cleanly. */
export async function runServe(options: { port?: number }): Promise<void> {
  const env = loadEnv(options.port !== undefined ? { PORT: String(options.port) } : {});
  const running = await startServer(env);
  const stop = async () => {
    await running.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('serve the site and the API on one port (build the site first: npm run build)')
    .option('-p, --port <port>', 'port (default PORT or 3000)')
    .action(async (raw: unknown) => {
      await Promise.resolve().then(() => runServe(ZServeOptions.parse(raw))).catch(handleError);
    });
}
