import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import absentDocuments from './eslint-rules/no-absent-document-citations.js';
import webBoundaries from './eslint-rules/no-cross-feature-imports.js';
import importCycles from './eslint-rules/no-import-cycles.js';
import serverBoundaries from './eslint-rules/server-module-boundaries.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'e2e/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-cycles': importCycles },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      // No file reaches itself again through its relative imports (type-only imports count).
      'import-cycles/no-import-cycles': 'error',
    },
  },
  {
    // The core write path knows nothing of its readers: ingest reports what it wrote, and the
    // job wiring (apps/server/src/jobs/) subscribes the alert engine to that report.
    files: ['apps/server/src/modules/timeseries/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/alerts/**', '**/jobs/**'], message: 'The time series write path must not import its subscribers.' }] },
      ],
    },
  },
  {
    // Server modules import each other only through their public entries (modules/<name>/index.ts);
    // shared tiers (db/, access/, http/, tokens/, audit/, accounts/, ...) import no feature module.
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'server-boundaries': serverBoundaries },
    rules: { 'server-boundaries/server-module-boundaries': 'error' },
  },
  {
    // SQL lives in repositories (*.repository.ts). The alert rules' SQL predicates and the open data
    // API's row sources live with their definitions (one file a rule, one a collection); tests and
    // fixtures make their own rows.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: [
      '**/*.repository.ts',
      '**/*.test.ts',
      '**/*-fixture.ts',
      'apps/server/src/modules/alerts/engine/rules/**',
      'apps/server/src/modules/ogcapi/collections/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='kysely'][importKind!='type'] > ImportSpecifier[imported.name='sql']",
          message: 'SQL belongs in a *.repository.ts file of the module.',
        },
        {
          selector:
            'CallExpression > MemberExpression.callee[property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]',
          message: 'Queries belong in a *.repository.ts file of the module.',
        },
      ],
    },
  },
  {
    // Comments state the rule itself; they never cite documents the repository lacks.
    plugins: { 'absent-documents': absentDocuments },
    rules: { 'absent-documents/no-absent-document-citations': 'error' },
  },
  {
    // The rule's own tests hold the citations it must catch.
    files: ['eslint-rules/no-absent-document-citations.test.js'],
    rules: { 'absent-documents/no-absent-document-citations': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'web-boundaries': webBoundaries },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Decision 0013: features never import each other; components/ and lib/ import no feature.
      'web-boundaries/no-cross-feature-imports': 'error',
    },
  },
);
