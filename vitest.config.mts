import { configDefaults, defineConfig } from 'vitest/config';
import { defaultClientConditions, defaultServerConditions } from 'vite';

/** The unit tier: pure domain, pairing, command-line tools. Everything touching Firebase is in vitest.emulators. */
/** The engine's TypeScript source, not its build: tests run what the developer edits (functions/engine/package.json). */
const engineSource = {
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
};

export default defineConfig({
  ...engineSource,
  test: {
    include: [
      'functions/engine/test/**/*.test.ts',
      'functions/test/**/*.test.ts',
      'scripts/test/**/*.test.ts',
      'web/test/unit/**/*.test.ts',
    ],
    exclude: [
      ...configDefaults.exclude,
      'functions/test/emulators/**',
      'functions/test/backend/**',
      'scripts/test/emulators/**',
    ],
    // Limits that catch a hang, not slowness: beside the emulator tier, lint and the type check on 2 cores, a test
    // takes several times what it takes alone, and its verdict must not depend on that.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
