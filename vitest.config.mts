import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['functions/test/**/*.test.ts', 'scripts/**/*.test.ts', 'web/test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
