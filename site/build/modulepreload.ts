/**
 * Astro integration: after the build, gives each page a `<link rel="modulepreload">` for every
 * module its islands and scripts import statically, so the browser fetches them all while the page
 * parses. Without it, an island's code arrives as a waterfall (the island's module, then its
 * imports, then theirs: five round trips on /gallery before its first render), since the island
 * loader imports the component only when it runs. Dynamic imports stay lazy.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { init, parse } from 'es-module-lexer';

/** The page's entry modules: islands' components and renderers, module scripts, same-site only. */
const ENTRY = /\b(?:component-url|renderer-url|src)="(\/_astro\/[^"]+\.js)"/g;

/** The static imports of one built module, as site paths (a module's imports are relative to it). */
async function staticImports(clientDir: string, url: string, cache: Map<string, string[]>): Promise<string[]> {
  const known = cache.get(url);
  if (known) return known;
  const source = await fs.readFile(path.join(clientDir, url), 'utf8').catch(() => '');
  const [imports] = parse(source);
  // d === -1: a static import or re-export (dynamic imports have the index of their `import(`).
  const found = imports.filter((i) => i.d === -1 && i.n?.startsWith('.')).map((i) => path.posix.join(path.posix.dirname(url), i.n!));
  cache.set(url, found);
  return found;
}

/** Every module `entries` import statically, transitively, entries first (breadth first). */
export async function preloadList(clientDir: string, entries: readonly string[], cache = new Map<string, string[]>()): Promise<string[]> {
  await init;
  const seen = new Set(entries);
  const queue = [...entries];
  for (let i = 0; i < queue.length; i++) {
    for (const dep of await staticImports(clientDir, queue[i]!, cache)) {
      if (!seen.has(dep)) {
        seen.add(dep);
        queue.push(dep);
      }
    }
  }
  return queue;
}

/** The page with its module preloads at the end of its head (or unchanged when it has no modules). */
export async function withModulePreloads(clientDir: string, html: string, cache?: Map<string, string[]>): Promise<string> {
  const entries = [...new Set([...html.matchAll(ENTRY)].map((m) => m[1]!))];
  const head = html.indexOf('</head>');
  if (!entries.length || head < 0 || html.includes('rel="modulepreload"')) return html;
  const links = (await preloadList(clientDir, entries, cache)).map((url) => `<link rel="modulepreload" href="${url}">`).join('');
  return html.slice(0, head) + links + html.slice(head);
}

export function modulePreload(): AstroIntegration {
  return {
    name: 'ratio:modulepreload',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const clientDir = fileURLToPath(dir);
        const pages = (await fs.readdir(clientDir, { recursive: true })).filter((f) => f.endsWith('.html'));
        const cache = new Map<string, string[]>();
        let links = 0;
        for (const page of pages) {
          const file = path.join(clientDir, page);
          const html = await fs.readFile(file, 'utf8');
          const next = await withModulePreloads(clientDir, html, cache);
          if (next === html) continue;
          links += next.split('rel="modulepreload"').length - 1;
          await fs.writeFile(file, next);
        }
        logger.info(`${links} module preloads written into ${pages.length} pages`);
      },
    },
  };
}
