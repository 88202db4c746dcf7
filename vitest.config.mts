import { configDefaults, defineConfig } from 'vitest/config';

/** The unit tier: pure domain, pairing, command-line tools. Everything touching Firebase is in vitest.emulators. */
export default defineConfig({
  test: {
    include: ['functions/test/**/*.test.ts', 'scripts/test/**/*.test.ts', 'web/test/unit/**/*.test.ts'],
    exclude: [...configDefaults.exclude, 'functions/test/emulators/**', 'functions/test/backend/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
