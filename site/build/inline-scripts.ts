/**
 * Astro integration: once the pages are generated, a page without islands whose module scripts, with
 * everything they import, come to at most INLINE_LIMIT bytes gets them as one inline module script
 * at the end of its body (bundled by Rolldown, the scripts run in the same order), and that script's
 * hash in the page's Content-Security-Policy. The landing page's three scripts (the theme switch, its
 * link flag and their shared kilobyte) cost it three requests, and their parse on a worker thread
 * beside the first frame's raster, before its first paint (docs/choices.md 41). Astro inlines a
 * script by itself only when it imports nothing; these share code with every page's theme switch.
 * Runs at `astro:build:generated`, before the adapter writes the headers (dist/_headers.json) and
 * before the module preloads are listed (modulepreload.ts: an inlined page has none left to list).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { rolldown } from 'rolldown';
import { preloadList } from './modulepreload.ts';

/** Astro's own limit for inlining a script (Vite's `build.assetsInlineLimit` default), in bytes of source. */
const INLINE_LIMIT = 4096;

const MODULE_SCRIPT = /<script type="module" src="(\/_astro\/[^"]+\.js)"><\/script>/g;
const ENTRY_ID = '\0ratio-inline-entry';

/** The one script `entries` (site paths under `clientDir`) make, run in order, with no import left. */
async function bundleScripts(clientDir: string, entries: readonly string[]): Promise<string | null> {
  const bundle = await rolldown({
    input: ENTRY_ID,
    logLevel: 'silent',
    plugins: [
      {
        name: 'ratio:inline-entry',
        resolveId: (id) => (id === ENTRY_ID ? id : null),
        load: (id) => (id === ENTRY_ID ? entries.map((e) => `import ${JSON.stringify(path.join(clientDir, e))};`).join('\n') : null),
      },
    ],
  });
  try {
    const { output } = await bundle.generate({ format: 'esm', minify: true });
    // A dynamic import would be a chunk of its own, loaded from the page's URL: such a page keeps its files.
    return output.length === 1 && output[0].type === 'chunk' ? output[0].code.trim() : null;
  } finally {
    await bundle.close();
  }
}

/**
 * The page with its module scripts as one inline script, and that script (for its hash); null when
 * the page has islands, no module script, or more than `limit` bytes of them.
 */
export async function inlineModuleScripts(
  clientDir: string,
  html: string,
  limit = INLINE_LIMIT,
  cache?: Map<string, string[]>,
): Promise<{ html: string; script: string } | null> {
  const entries = [...new Set([...html.matchAll(MODULE_SCRIPT)].map((m) => m[1]!))];
  if (!entries.length || html.includes('<astro-island') || !html.includes('</body>')) return null;
  let bytes = 0;
  for (const file of await preloadList(clientDir, entries, cache)) bytes += (await fs.stat(path.join(clientDir, file))).size;
  if (bytes > limit) return null;
  const script = await bundleScripts(clientDir, entries);
  if (script === null || script.includes('</script')) return null;
  const rest = html.replace(MODULE_SCRIPT, '');
  const end = rest.lastIndexOf('</body>');
  return { html: `${rest.slice(0, end)}<script type="module">${script}</script>${rest.slice(end)}`, script };
}

/** The policy with `script`'s hash added to its script-src (unchanged when it has none). */
export function withScriptHash(policy: string, script: string): string {
  const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  return policy.replace(/(script-src[^;]*)/, `$1 ${hash}`);
}

export function inlineScripts(): AstroIntegration {
  return {
    name: 'ratio:inline-scripts',
    hooks: {
      'astro:build:generated': async ({ dir, routeToHeaders, logger }) => {
        const clientDir = fileURLToPath(dir);
        const cache = new Map<string, string[]>();
        const inlined: string[] = [];
        for (const [pathname, { headers }] of routeToHeaders) {
          const policy = headers.get('Content-Security-Policy');
          const file = path.join(clientDir, pathname === '/' ? 'index.html' : `${pathname.slice(1)}.html`);
          const html = await fs.readFile(file, 'utf8').catch(() => null);
          if (!policy || html === null) continue;
          const done = await inlineModuleScripts(clientDir, html, INLINE_LIMIT, cache);
          if (!done) continue;
          await fs.writeFile(file, done.html);
          headers.set('Content-Security-Policy', withScriptHash(policy, done.script));
          inlined.push(pathname);
        }
        logger.info(`scripts inlined into ${inlined.length} pages: ${inlined.join(' ')}`);
      },
    },
  };
}
