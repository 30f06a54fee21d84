import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FIRST_PAGE_PRELOAD, USER_PRELOAD } from '../../api/routes/gallery/gallery-page.ts';

/** The pages of the stand-in site, as the build would list them. */
export const FAKE_PAGES = ['/', '/gallery', '/account', '/auth', '/404'];

/** The policy the stand-in build gives a page (the real build adds script and style hashes). */
export const fakePageCsp = (page: string) => `default-src 'self'; frame-ancestors 'none'; script-src 'self' 'sha256-${page}'`;

/**
 * A stand-in for the built site (dist/): one HTML file per page, a `_headers.json` with each page's
 * Content-Security-Policy as the Astro build writes it, and an Astro handler that matches nothing.
 * Lets API tests exercise api/site.ts (page guards, headers) without building the real site.
 */
export async function fakeSiteDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ratio-site-'));
  await fs.mkdir(path.join(dir, 'client'), { recursive: true });
  await fs.mkdir(path.join(dir, 'server'), { recursive: true });
  for (const page of FAKE_PAGES) {
    const file = page === '/' ? 'index.html' : `${page.slice(1)}.html`;
    // /gallery, like the build's, holds the preloads the server replaces with the user and the first page of cards.
    const head = page === '/gallery' ? USER_PRELOAD + FIRST_PAGE_PRELOAD : '';
    await fs.writeFile(path.join(dir, 'client', file), `<!doctype html><head><title>${page}</title>${head}</head><p>page ${page}</p>`);
  }
  await fs.writeFile(path.join(dir, 'server', 'entry.mjs'), 'export const handler = (req, res, next) => next();\n');
  const headers = FAKE_PAGES.map((pathname) => ({ pathname, headers: [{ key: 'Content-Security-Policy', value: fakePageCsp(pathname) }] }));
  await fs.writeFile(path.join(dir, '_headers.json'), JSON.stringify(headers));
  return dir;
}
