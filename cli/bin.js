#!/usr/bin/env node
// The `ratio` executable. Needs Node 24 (TypeScript sources run natively): use `npm run ratio -- …`.
await import('./index.ts');
