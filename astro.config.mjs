// @ts-check
import { defineConfig, envField } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { PAGE_CSP } from './site/src/lib/csp.ts';
import { precompress } from './site/build/precompress.ts';

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
  // precompress: .br and .gz beside each asset, served as they are (api/site.ts).
  integrations: [react(), precompress()],
  trailingSlash: 'never',
  build: { format: 'file' },
  devToolbar: { enabled: false },
  // No Markdown here; Shiki's inline styles would not pass the CSP anyway.
  markdown: { syntaxHighlight: false },
  // Read when the site is built; `npm start` builds with the same environment the server runs in.
  env: {
    schema: {
      SUPPORT_EMAIL: envField.string({ context: 'client', access: 'public', default: 'support@ratio.local' }),
    },
  },
});
