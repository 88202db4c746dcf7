import { defineConfig } from 'vitest/config';

/**
 * The suites that run on the official Emulator Suite, inside `firebase emulators:exec` (npm run test:emulators).
 * They share one Firestore emulator, clear it and switch the background triggers on and off per file, so the
 * files run one at a time.
 */
export default defineConfig({
  test: {
    include: [
      'functions/test/backend/**/*.test.ts',
      'functions/test/emulators/**/*.test.ts',
      'web/test/browser/**/*.test.ts',
    ],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
