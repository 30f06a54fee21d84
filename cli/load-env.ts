import { parseEnv, type TEnv } from '../api/env.ts';

/** The one place the CLI reads process.env: parsed and checked by api/env.ts. */
export function loadEnv(overrides: Record<string, string | undefined> = {}): TEnv {
  return parseEnv({ ...process.env, ...overrides });
}
