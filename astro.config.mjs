// @ts-check
import { defineConfig, envField } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';

// Pages prerender to static HTML; the Koa server (api/server.ts) serves them and mounts
// Astro's handler for any page that opts out of prerendering.
export default defineConfig({
  root: '.',
  srcDir: './site/src',
  publicDir: './site/public',
  outDir: './dist',
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  integrations: [react()],
  trailingSlash: 'never',
  build: { format: 'file' },
  devToolbar: { enabled: false },
  // Read when the site is built; `npm start` builds with the same environment the server runs in.
  env: {
    schema: {
      SUPPORT_EMAIL: envField.string({ context: 'client', access: 'public', default: 'support@ratio.local' }),
    },
  },
});
