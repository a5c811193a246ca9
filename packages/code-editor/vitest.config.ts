import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'code-editor',
    include: ['test/**/*.test.ts'],
    // End-to-end suites spawn the built bin and start PostgreSQL; give them room.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // A folder for a PostgreSQL server that starts only if a test asks for a database.
    globalSetup: ['test/support/postgres-global-setup.ts'],
  },
});
