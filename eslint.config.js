/**
 * `npm run lint`, ESLint's part (scripts/lint.ts also runs oxlint for import cycles and knip):
 * typescript-eslint's recommended rules, React's hook rules, and the layers' import boundaries,
 * checked on resolved paths.
 *
 * The project compiles with TypeScript 7, which has no JavaScript API; typescript-eslint parses with
 * TypeScript 6's (`typescript-for-lint`, an alias install). The hook below sends every `typescript`
 * import of this process there, so it must run before typescript-eslint loads: hence the dynamic
 * imports. Type-aware rules (recommendedTypeChecked) are off: measured on this tree they took 39 s of
 * CPU against 12 s without them, and raised 185 findings (unbound-method, no-unnecessary-type-assertion,
 * no-misused-promises, no-unsafe-*) still to sort through.
 */
import { registerHooks } from 'node:module';

registerHooks({
  resolve: (specifier, context, next) =>
    next(specifier === 'typescript' || specifier.startsWith('typescript/') ? specifier.replace('typescript', 'typescript-for-lint') : specifier, context),
});

const { default: tseslint } = await import('typescript-eslint');
const { default: reactHooks } = await import('eslint-plugin-react-hooks');
const { importX } = await import('eslint-plugin-import-x');

/** Who may not import whom, on resolved paths: [importing folder or file, forbidden folders or files, why]. */
const boundaries = [
  ['./core', ['./api', './db', './site', './cli'], 'core/ is pure rules shared by api, site and cli'],
  ['./site', ['./api', './db'], 'the site reaches the server through HTTP only'],
  ['./db', ['./api'], 'the database layer does not depend on the HTTP layer'],
  ['./api/services', ['./api/presenters'], 'services return data; routes present it'],
  ['./api/deps.ts', ['./api/middleware'], 'middleware takes the deps; the deps know no middleware'],
  ['./site/src/components/start', ['./site/src/components/gallery'], "the gallery uses the start screen's analysis, not the other way"],
  ['./site/src/components/pricing', ['./site/src/components/billing'], "the billing pages use pricing's parts, not the other way"],
];

/** Models are queried in services only; a route or command may still name a model's type. */
const noModelQueries = {
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      patterns: [{ regex: '(^|/)db/models/', allowTypeImports: true, message: 'query models in a service (api/services), not here' }],
    },
  ],
};

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', 'data/**', '.astro/**', '.scratch/**', 'node_modules/**', '**/*.astro'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { zones: boundaries.map(([target, from, message]) => ({ target, from, message })) }],
    },
  },
  { files: ['api/routes/**', 'cli/**'], rules: noModelQueries },
  // React's rules of hooks. The React Compiler's rules of the plugin's 7.x set (set-state-in-effect,
  // immutability, …) stay off: the site does not use the compiler, and they flag working patterns.
  {
    files: ['site/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // Astro's generated types are referenced the way Astro writes them.
  { files: ['site/src/env.d.ts'], rules: { '@typescript-eslint/triple-slash-reference': 'off' } },
);
