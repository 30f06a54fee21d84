// @ts-check
import { defineConfig, envField } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { PAGE_CSP } from './site/src/lib/csp.ts';
import { inlineScripts } from './site/build/inline-scripts.ts';
import { modulePreload } from './site/build/modulepreload.ts';
import { precompress } from './site/build/precompress.ts';
import { favicons } from './site/build/favicons.ts';
import { demoWall } from './site/build/demo-wall.ts';
import { serverModules } from './site/build/server-modules.ts';

/**
 * The code that pages without React run (their plain `<script>`s: the theme switch, the toaster,
 * the account forms, the landing page's link flag) and everything it imports. Kept out of the two
 * chunks below, whose code needs React: a page without an island loads only these few kilobytes
 * (tests/e2e/page-weight.test.ts holds each page to its budget).
 */
const PLAIN =
  /[\\/](site[\\/]src[\\/](lib[\\/](theme|session-flags|api|plain-form)|stores[\\/]toast|components[\\/]auth[\\/]password-rules)|core[\\/](limits|contracts[\\/](api|call)))\.ts$|node_modules[\\/]nanostores[\\/]/;

/**
 * The browser's code in few files: React in one, the site's shared code (stores, api client, shell
 * and ui components, core rules) in another, instead of dozens of sub-kilobyte chunks that queue on
 * the browser's six connections before an island can render. Code loaded on demand (the chart,
 * Stripe) stays in its own chunks, and so does the plain code above.
 */
const CLIENT_CHUNKS = [
  // Captured first, so the chunks below (which take in what their modules import) leave them out:
  // what every page runs (the theme switch, the landing page's flags), then the forms' and toasts' code.
  { name: 'page', test: /[\\/]site[\\/]src[\\/]lib[\\/](theme|session-flags)\.ts$/, priority: 4 },
  { name: 'plain', test: PLAIN, priority: 3 },
  { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|@nanostores[\\/]react)[\\/]/, priority: 2 },
  {
    name: 'app',
    test: (/** @type {string} */ id) =>
      /[\\/](site[\\/]src[\\/](stores|lib|components[\\/](ui|shell))|core)[\\/]/.test(id) && !PLAIN.test(id) && !/UPlotChart/.test(id),
    minShareCount: 2,
    priority: 1,
  },
];

// Pages prerender to static HTML; the Koa server (api/server.ts) serves them and mounts
// Astro's handler for any page that opts out of prerendering.
export default defineConfig({
  root: '.',
  srcDir: './site/src',
  publicDir: './site/public',
  outDir: './dist',
  output: 'static',
  // staticHeaders: each page's CSP (with Astro's script and style hashes) goes to dist/_headers.json,
  // which the server sends as a header (api/site.ts) instead of a <meta> tag.
  adapter: node({ mode: 'middleware', staticHeaders: true }),
  security: { csp: PAGE_CSP },
  // inlineScripts: a page without islands gets its few kilobytes of module scripts inline (with their hash in its policy);
  // modulePreload: each page preloads every module its islands import (no import waterfall);
  // precompress: .br and .gz beside each asset, served as they are (api/site.ts);
  // favicons: the PNG icons the pages link, drawn from favicon.svg; demoWall: the landing page's
  // demo wall as WebP images, drawn from site/build/demo-wall.svg;
  // serverModules: /gallery's first screen built for the API server to draw (dist/server/first-screen.mjs).
  integrations: [react(), inlineScripts(), modulePreload(), favicons(), demoWall(), precompress(), serverModules()],
  trailingSlash: 'never',
  build: { format: 'file', inlineStylesheets: 'always' },
  devToolbar: { enabled: false },
  vite: { environments: { client: { build: { rolldownOptions: { output: { codeSplitting: { groups: CLIENT_CHUNKS } } } } } } },
  // No Markdown here; Shiki's inline styles would not pass the CSP anyway.
  markdown: { syntaxHighlight: false },
  // Read when the site is built; `npm start` builds with the same environment the server runs in.
  env: {
    schema: {
      SUPPORT_EMAIL: envField.string({ context: 'client', access: 'public', default: 'support@ratio.local' }),
    },
  },
});
