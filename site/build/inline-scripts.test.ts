import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineModuleScripts, withScriptHash } from './inline-scripts.ts';

/** A built site in miniature: two page scripts sharing a chunk, a script with a lazy import, and a big one. */
let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ratio-inline-'));
  await fs.mkdir(path.join(dir, '_astro'));
  const files: Record<string, string> = {
    'shared.a1.js': 'var k=`ratio-theme`;const log=(m)=>globalThis.ran.push(m);export{k as t,log as l};',
    'Toggle.b2.js': 'import{t as e,l as n}from"./shared.a1.js";n(`toggle `+e);',
    'Landing.c3.js': 'import{l as n}from"./shared.a1.js";n(`landing`);',
    'Lazy.d4.js': 'import(`./shared.a1.js`).then((m)=>m.l(`lazy`));',
    'Big.e5.js': `globalThis.ran.push(${JSON.stringify('x'.repeat(5000))});`,
  };
  for (const [name, code] of Object.entries(files)) await fs.writeFile(path.join(dir, '_astro', name), code);
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const page = (body: string) => `<!DOCTYPE html><html><head><title>t</title></head><body>${body}</body></html>`;
const script = (name: string) => `<script type="module" src="/_astro/${name}"></script>`;

describe('inlining a page’s small module scripts', () => {
  it('makes one inline script of them, at the end of the body, which runs them in order with their shared code once', async () => {
    const done = await inlineModuleScripts(dir, page(`<header>${script('Toggle.b2.js')}</header><main>Hi</main>${script('Landing.c3.js')}`));
    expect(done).not.toBeNull();
    expect(done!.html).not.toMatch(/src="\/_astro\//);
    expect(done!.html).toContain('<main>Hi</main>');
    expect(done!.html).toMatch(/<script type="module">[^<]+<\/script><\/body>/);
    expect(done!.script).not.toMatch(/\bimport\b/);
    const ran: string[] = [];
    vm.runInNewContext(done!.script, { ran });
    expect(ran).toEqual(['toggle ratio-theme', 'landing']);
  });

  it('leaves pages with islands, lazy imports, over the limit or without scripts as they are', async () => {
    expect(await inlineModuleScripts(dir, page(`<astro-island component-url="/_astro/Landing.c3.js"></astro-island>${script('Toggle.b2.js')}`))).toBeNull();
    expect(await inlineModuleScripts(dir, page(script('Lazy.d4.js')))).toBeNull();
    expect(await inlineModuleScripts(dir, page(script('Big.e5.js')))).toBeNull();
    expect(await inlineModuleScripts(dir, page(script('Landing.c3.js')), 10)).toBeNull();
    expect(await inlineModuleScripts(dir, page('<p>No script</p>'))).toBeNull();
  });

  it('adds the script’s hash to the policy’s script-src only', () => {
    const hash = createHash('sha256').update('run()').digest('base64');
    expect(withScriptHash("default-src 'self'; script-src 'self' 'sha256-x'; style-src 'self'", 'run()')).toBe(
      `default-src 'self'; script-src 'self' 'sha256-x' 'sha256-${hash}'; style-src 'self'`,
    );
    expect(withScriptHash("default-src 'self'", 'run()')).toBe("default-src 'self'");
  });
});
