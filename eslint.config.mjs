// House style: typescript-eslint's type-aware checks where they catch real bugs (promises nobody awaits,
// promises handed to callers that ignore them, `any` leaking into typed code); Prettier owns the layout.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/', '**/lib/', '!web/src/lib/', '**/dist/', 'web/test/screenshots/', '.firebase/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: ['functions/tsconfig.json', 'tsconfig.scripts.json', 'web/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    files: ['**/*.mjs', '**/*.mts', '**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
