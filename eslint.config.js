// ESLint for the whole repository: `npm run lint` (with `prettier --check .`), the first step of `npm test`.
// Not type-aware on purpose: typescript-eslint's type-checked rules made the run five times slower on two
// cores and answered mostly no-unsafe-* on the Kysely<any> queries below; `npm run typecheck` covers types.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const TESTS = ['**/*.test.{ts,tsx}', 'tests/**', 'bench/**'];

/** A layer's files may import their own layer and the layers named in `below`. */
function layer(types, below) {
  const own = Array.isArray(types) ? types : [types];
  return { from: { element: { type: own } }, allow: { to: { element: { type: [...own, ...below] } } } };
}

export default tseslint.config(
  {
    ignores: ['dist/', 'dist-server/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/', '.tmp/', 'bench/results/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['engine/**', 'fields/**', 'screens/**', 'extensions/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    rules: {
      // Leaving keys out by destructuring them into `_name` (and an unused `_argument`) is how this code
      // drops a field or keeps a signature; anything else unused is a finding.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // Off: every control character in a pattern here is meant (AAMVA licence separators, refusing control
      // characters in upload names and text files).
      'no-control-regex': 'off',
    },
  },
  {
    files: ['server/**'],
    rules: {
      // Off in server/: the CRUD engine and the services it calls query tables declared at run time (CRUD JSON
      // and the screen builder), which only Kysely<any> describes.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: TESTS,
    rules: {
      // Off in tests: they read JSON answers as `any` and assert their shape by hand.
      '@typescript-eslint/no-explicit-any': 'off',
      // Off in tests: they send numbers past 2^53 on purpose to see them refused.
      'no-loss-of-precision': 'off',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // Only the two classic rules: the plugin's React Compiler rules judge code for a compiler this app does not use.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // An extension's definition.ts runs in the server and the browser alike, as schemas/ does.
    files: ['schemas/**', 'extensions/*/*/definition.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', '@xstate/react', 'axios', 'fastify', '@fastify/*', 'kysely', 'pg', 'better-sqlite3', 'node:*'],
              message: 'schemas/ is imported by the browser and the server alike: pure TypeScript only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['machines/**'],
    // The scenario runner and its command line read event files from disk; the machines themselves may not.
    ignores: ['machines/cli.ts', 'machines/scenario/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', '@xstate/react', 'axios', 'node:*'],
              message: 'Machines are pure: no React, no HTTP, no I/O; services come in as injected actors.',
            },
          ],
        },
      ],
    },
  },
  {
    // Layers import downward only: schemas → machines / server → engine → fields → screens. tests/, bench/ and
    // *.test files may import anything. From outside a folder under engine/ or screens/, import it through its
    // index.ts (any index.ts below it is a public face too) or its register*.ts, never another file behind it.
    files: ['**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
      'boundaries/elements': [
        { type: 'engine-part', pattern: 'engine/*', partialMatch: false, capture: ['part'] },
        { type: 'screen-area', pattern: 'screens/*', partialMatch: false, capture: ['area'] },
        ...['schemas', 'machines', 'server', 'engine', 'fields', 'extensions', 'screens', 'tests', 'bench'].map((type) => ({
          type,
          pattern: type,
          partialMatch: false,
        })),
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            '{{ from.element.type }} may not import {{ to.element.type }}: layers import downward only (schemas → machines / server → engine → fields → screens).',
          policies: [
            layer('schemas', []),
            layer('machines', ['schemas']),
            layer('server', ['schemas']),
            layer('engine*', ['schemas', 'machines']),
            layer('fields', ['schemas', 'machines', 'engine*']),
            // Integrators' field types (extensions/fields/<type>/): a definition over schemas/, a renderer over the engine.
            layer('extensions', ['schemas', 'engine*']),
            layer(['screens', 'screen-area'], ['schemas', 'machines', 'engine*', 'fields']),
            {
              // A register*.ts is a public face too: the first script imports an area's registrations without the area.
              disallow: {
                to: { element: { type: ['engine-part', 'screen-area'], fileInternalPath: '!**/{index,register*}.{ts,tsx}' } },
              },
              message: 'Import {{ to.element.path }} through its index.ts, not a file behind it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: TESTS,
    rules: { 'boundaries/dependencies': 'off' },
  },
  prettier,
);
