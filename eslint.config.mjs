// House style: typescript-eslint's type-aware checks where they catch real bugs (promises nobody awaits,
// promises handed to callers that ignore them, `any` leaking into typed code); Prettier owns the layout.
import js from '@eslint/js';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      'functions/lib/',
      'functions/engine/lib/',
      '**/dist/',
      'web/test/screenshots/',
      '.firebase/',
      '.test-results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Two programs, not one per package: the engine's source is read once for the functions and the tools.
        project: ['tsconfig.node.json', 'web/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // `const { rank: _rank, ...row } = x` is how this code base copies a document without some fields: the
      // named-and-dropped fields are the point, not a forgotten variable.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      // A `let` that a shutdown handler reads before it is assigned (scripts/start.ts's watcher) must stay a
      // `let` declared up front: as a `const` further down, an early Ctrl-C would hit its temporal dead zone.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    // Imports say what they bring: a name used only as a type is marked `type`, inline, so that one module stays one
    // import line; an import of nothing but types is a whole `import type` (with inline markers alone, a compiler
    // that keeps imports as written leaves an empty `import 'x'` behind, which loads the module for nothing); and a
    // file imports each module once (import-x's check, which knows type imports and merges them inline).
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'inline-type-imports' },
      ],
      '@typescript-eslint/no-import-type-side-effects': 'error',
      'import-x/no-duplicates': ['error', { 'prefer-inline': true }],
    },
  },
  {
    // A switch on one of the engine's unions (a pairing method, a result kind, a route's screen) names every
    // member: when a member is added, each switch that does not say what to do with it fails the lint, instead of
    // quietly taking a default branch written before the member existed. So a default branch does not count as
    // naming the rest (considerDefaultExhaustiveForUnions stays off); it stays allowed for values from outside the
    // types (a stored document, a request), and a switch on plain strings or numbers needs no default.
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: false }],
    },
  },
  {
    // The dashboard's hooks, with the plugin's whole recommended set: hooks are called in the same order on every
    // render, and every value an effect reads is one of its dependencies (a stale closure is a screen that stops
    // following the data; kept an error, where the set has a warning). The React Compiler's checks keep render
    // pure: no clock or random read while rendering, no ref read or written, no state set synchronously in an
    // effect (a value that follows others is worked out while rendering), no component defined inside another.
    files: ['web/**/*.ts', 'web/**/*.tsx'],
    ...reactHooks.configs.flat.recommended,
    rules: { ...reactHooks.configs.flat.recommended.rules, 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/*.mjs', '**/*.mts', '**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
