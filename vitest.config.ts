import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // End-to-end suites spawn the built binary and compile fixtures; give them room.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Provides a folder for a PostgreSQL server that starts only if a test asks for a database.
    globalSetup: ['test/support/postgres-global-setup.ts'],
  },
});
