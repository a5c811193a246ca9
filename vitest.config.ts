import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // End-to-end suites spawn the built binary and compile fixtures; give them room.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
