// Lint for every TypeScript, TSX and Astro file: typescript-eslint with type information,
// eslint-plugin-astro, React's hooks rules and jsx-a11y on the islands. Formatting is
// Prettier's job (`npm run format`), so eslint-config-prettier turns off the rules it owns.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.astro/',
      '.data/',
      '.vercel/',
      'test-results/',
      'playwright-report/',
      'public/',
      // auth-js's own tests, vendored unchanged (tests/upstream/auth-js/PROVENANCE.md).
      'tests/upstream/auth-js/',
      // Written by `npm run db:types`.
      'src/lib/db/schema.generated.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  ...astro.configs.recommended,
  ...astro.configs['jsx-a11y-recommended'],
  {
    // astro-eslint-parser has no project service: it builds a program from a tsconfig itself
    // (and warns on every file when asked for the service), and rebuilds it for each page it
    // parses. A tsconfig of the pages alone (what they import comes with them) keeps that
    // program a fraction of the whole project's.
    files: ['**/*.astro'],
    languageOptions: { parserOptions: { projectService: false, project: './tsconfig.astro-lint.json' } },
  },
  {
    // The islands: jsx-a11y (registered by eslint-plugin-astro's config above) and React's hooks rules.
    files: ['**/*.tsx'],
    languageOptions: jsxA11y.flatConfigs.recommended.languageOptions,
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      ...reactHooks.configs.recommended.rules,
      // A label's text may sit three elements deep (label > span > span: a title over its hint).
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
    },
  },
  {
    rules: {
      // React's event props take async handlers: React ignores what a handler returns, and a
      // rejection surfaces as an unhandled rejection just as a throw would.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // `const { left_out: _, ...rest } = row` is how a field is left out; `_`-prefixed parameters keep a signature.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // A test double stands in for an async interface, and React's act needs an async callback
    // to flush what its promises start: `async () => value` is the plain way to write both.
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    files: ['**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
