import { defineConfig } from 'vitest/config';

// One `vitest run` at the root runs every package's tests: the tools' (test/, the runtime's
// included) and the code editor's, with its own config (packages/code-editor/vitest.config.ts).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'tools',
          include: ['test/**/*.test.ts'],
          // End-to-end suites spawn the built binary and compile fixtures; give them room.
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      'packages/code-editor',
    ],
  },
});
