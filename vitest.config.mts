import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['functions/test/**/*.test.ts', 'scripts/**/*.test.ts', 'web/test/**/*.test.ts'],
    // The official Emulator Suite tier runs with `npm run test:emulators` (Java 21 + internet once); npm test type-checks it.
    exclude: [...configDefaults.exclude, 'functions/test/emulators/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
