import { defineConfig } from 'vitest/config';

/**
 * The Emulator Suite tier only (`npm run test:emulators`, inside `firebase emulators:exec`). The files share one
 * Firestore emulator and the rules tests clear it between cases, so they run one file at a time.
 */
export default defineConfig({
  test: {
    include: ['functions/test/emulators/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
