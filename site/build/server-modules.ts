/**
 * Astro integration: after the build, builds the site code the API server runs itself: /gallery's
 * first screen (site/src/components/gallery/first-screen.tsx), the page's own React tree, into
 * dist/server/first-screen.mjs, which api/routes/gallery/gallery-page.ts imports. React and the
 * stores' library are bundled in, in their production builds whatever NODE_ENV the server runs
 * with (React's development build draws the first screen ten times slower); stylesheets are the
 * browser's business; `astro:env/client` gets the values the browser's build was given.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build, type Plugin } from 'rolldown';

export const FIRST_SCREEN_MODULE = 'first-screen.mjs';

/** Stylesheets as empty modules, and `astro:env/client` as the public variables the site was built with. */
function siteImports(publicEnv: Record<string, unknown>): Plugin {
  const ENV = '\0astro-env-client';
  const NO_CSS = '\0no-stylesheet';
  return {
    name: 'ratio:site-imports',
    resolveId(id) {
      if (id === 'astro:env/client') return ENV;
      if (id.endsWith('.css')) return { id: NO_CSS, moduleSideEffects: false };
      return null;
    },
    load(id) {
      if (id === ENV)
        return Object.entries(publicEnv)
          .map(([k, v]) => `export const ${k} = ${JSON.stringify(v)};`)
          .join('\n');
      if (id === NO_CSS) return { code: '', moduleType: 'js' };
      return null;
    },
  };
}

/** The public (`context: 'client'`) variables of the site's env schema, as Astro gives them to the browser: set, or the default. */
function publicVariables(schema: Record<string, { context?: string; default?: unknown }>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([, field]) => field.context === 'client')
      .map(([name, field]) => [name, process.env[name] || field.default]),
  );
}

export function serverModules(): AstroIntegration {
  let root = '';
  let env: Record<string, unknown> = {};
  return {
    name: 'ratio:server-modules',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
        env = publicVariables((config.env?.schema ?? {}) as Record<string, { context?: string; default?: unknown }>);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const outDir = path.join(fileURLToPath(dir), '..', 'server');
        await build({
          input: path.join(root, 'site/src/components/gallery/first-screen.tsx'),
          platform: 'node',
          external: (id) => id.startsWith('node:'),
          transform: { jsx: 'react-jsx', define: { 'process.env.NODE_ENV': '"production"' } },
          plugins: [siteImports(env)],
          // One file: what the page loads on demand (the chart, Stripe) is never drawn on the server anyway.
          output: { file: path.join(outDir, FIRST_SCREEN_MODULE), format: 'esm', codeSplitting: false },
          logLevel: 'warn',
        });
        logger.info(`built ${FIRST_SCREEN_MODULE} (the server's first screen of /gallery)`);
      },
    },
  };
}
