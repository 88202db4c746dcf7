import { defineConfig } from 'vitest/config';
import { defaultClientConditions, defaultServerConditions } from 'vite';

/**
 * The suites that run on the official Emulator Suite, inside `firebase emulators:exec` (npm run test:emulators).
 * They share one Firestore emulator, clear it and switch the background triggers on and off per file, so the
 * files run one at a time.
 */
/** The engine's TypeScript source, not its build: tests run what the developer edits (functions/engine/package.json). */
const engineSource = {
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
};

export default defineConfig({
  ...engineSource,
  test: {
    include: [
      'functions/test/backend/**/*.test.ts',
      'functions/test/emulators/**/*.test.ts',
      'web/test/browser/**/*.test.ts',
      'scripts/test/emulators/**/*.test.ts',
    ],
    fileParallelism: false,
    // Limits that catch a hang, not slowness (testing/wait.ts): a test is several waits on the emulators long.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    // A poll waits for what the emulators or a browser do next: as long as a test's other waits (WAIT_MS).
    expect: { poll: { timeout: 45_000 } },
  },
});
