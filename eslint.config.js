import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Who may import whom (README, Layout). shared/ is what both sides use (schemas, vocabulary,
// paths, the desk's page table, languages, the institute facts the server needs) and imports
// neither; the site (src/) never imports the server or the desk, nor the server the desk or
// the scripts; the server reaches the site's words only through src/content/server-words.ts,
// never a page, component or a page's words.
const boundaries = [
  {
    target: './shared',
    from: ['./src', './server', './desk'],
    message: 'shared/ is used by the site, the server and the desk, so it imports none of them.',
  },
  {
    target: './src',
    from: './server',
    message: 'The site does not import the server: move what both need to shared/.',
  },
  {
    target: './desk',
    from: './server',
    message: 'The desk talks to the server over HTTP: move what both need to shared/.',
  },
  {
    target: './server',
    from: './desk',
    message: 'The server serves the desk over HTTP and never imports it: move what both need to shared/.',
  },
  {
    target: './src',
    from: './desk',
    message:
      'The site never imports the staff desk (its code must not reach a visitor): move what both need to shared/.',
  },
];
/** The server runs without the build's scripts; its tests may use their helpers (free ports, waiting). */
const serverScripts = {
  target: './server',
  from: './scripts',
  message: 'The server does not import the build and test scripts: move what it needs into server/.',
};
const serverBoundary = {
  target: './server',
  from: './src',
  except: ['./content/server-words.ts'],
  message:
    'The server does not import pages, components or their words: shared/ for facts and vocabulary, src/content/server-words.ts for words.',
};

export default tseslint.config(
  { ignores: ['build/', '.react-router/', 'node_modules/', 'test-results/', 'playwright-report/', 'bench/results/'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      // `const { left, ...kept } = row` is how a field is left out of a copy.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads only files it knows how to parse: without these, every .ts import is
      // skipped and no cycle is ever found (as in import-x's flatConfigs.typescript).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: {
      // Type-only imports are not followed (import-x's choice): scripts/import-cycles.test.ts finds
      // a cycle through them too, in `npm test`.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: [...boundaries, serverBoundary, serverScripts] }],
    },
  },
  {
    // The desk calls the server by an endpoint's address (desk/src/lib/api.ts), typed from the
    // endpoint's record (shared/desk-api.ts): it reads the records and replies as types only, so
    // no schema (and no zod) is in its bundle.
    files: ['desk/src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/shared/desk-api', '**/shared/schema/replies/*'],
              allowTypeImports: true,
              message: 'The desk reads the API records as types only (import type): their schemas stay on the server.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's tests compare its answers with the content layer itself.
    files: ['server/**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaries }] },
  },
  {
    // Plain-JavaScript examples an operator copies (docs/examples) run on Node.
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    // Text from outside goes through shared/schema/text.ts (cleaned: no NUL, C1 or bidi controls),
    // never a bare zod string. The settings (server/config.ts) come from the operator, not outside.
    files: ['shared/schema/**/*.ts', 'server/**/*.ts'],
    ignores: ['shared/schema/text.ts', 'server/config.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='z'][property.name='string']",
          message: 'Use text() (or secret() for a password) from shared/schema/text.ts: outside text must be cleaned.',
        },
      ],
    },
  },
  {
    // The site and the staff desk alike.
    files: ['{src,desk}/**/*.tsx'],
    plugins: { 'jsx-a11y': jsxA11y, 'react-hooks': reactHooks },
    rules: {
      ...jsxA11y.flatConfigs.strict.rules,
      ...reactHooks.configs.recommended.rules,
      // A scrollable table region must be reachable by keyboard (WCAG 2.1.1).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['region'] }],
    },
  },
);
