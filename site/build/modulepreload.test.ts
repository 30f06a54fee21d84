import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withModulePreloads } from './modulepreload.ts';

/** A built site in miniature: an island whose module imports a chain, a re-export, and a lazy chart. */
let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ratio-preload-'));
  await fs.mkdir(path.join(dir, '_astro'));
  const files: Record<string, string> = {
    'Island.a1.js':
      'import{a as b}from"./app.b2.js";import"./vendor.c3.js";export{d}from"./icons.d4.js";const Chart=()=>import("./Chart.e5.js");export default b;',
    'app.b2.js': 'import{r}from"./vendor.c3.js";export const a=r;',
    'vendor.c3.js': 'export const r=1;',
    'icons.d4.js': 'export const d=2;',
    'Chart.e5.js': 'import"./uplot.f6.js";export default 3;',
    'uplot.f6.js': 'export default 4;',
    'client.g7.js': 'import"./vendor.c3.js";export default 5;',
  };
  for (const [name, code] of Object.entries(files)) await fs.writeFile(path.join(dir, '_astro', name), code);
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const page = (body: string) => `<!DOCTYPE html><html><head><title>t</title></head><body>${body}</body></html>`;
const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);

describe('module preloads of a built page', () => {
  it('lists every module the island and its renderer import statically, once each, in the head; lazy imports stay out', async () => {
    const html = await withModulePreloads(dir, page('<astro-island component-url="/_astro/Island.a1.js" renderer-url="/_astro/client.g7.js"></astro-island>'));
    expect(preloads(html)).toEqual(['/_astro/Island.a1.js', '/_astro/client.g7.js', '/_astro/app.b2.js', '/_astro/vendor.c3.js', '/_astro/icons.d4.js']);
    expect(html.indexOf('rel="modulepreload"')).toBeLessThan(html.indexOf('</head>'));
  });

  it('takes module scripts too, and leaves a page without modules, or already done, as it is', async () => {
    expect(preloads(await withModulePreloads(dir, page('<script type="module" src="/_astro/app.b2.js"></script>')))).toEqual([
      '/_astro/app.b2.js',
      '/_astro/vendor.c3.js',
    ]);
    const plain = page('<p>No script</p>');
    expect(await withModulePreloads(dir, plain)).toBe(plain);
    const done = await withModulePreloads(dir, page('<astro-island component-url="/_astro/Island.a1.js"></astro-island>'));
    expect(await withModulePreloads(dir, done)).toBe(done);
  });
});
