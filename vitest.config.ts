import babel from '@rolldown/plugin-babel';
import { linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';

// Three suites: fast unit tests (app code in happy-dom), the reference server against a
// real instance (SQLite always, PostgreSQL when TEST_DATABASE_URL is set), and browser
// tests that drive the built app in the system Chromium.
// Under CI the PostgreSQL suite always runs: without TEST_DATABASE_URL its tests fail
// (test/server/harness.ts) rather than being left out.
const withPostgres = Boolean(process.env.TEST_DATABASE_URL) || process.env.CI === 'true';

export default defineConfig({
  test: {
    // Unit and server files two at a time (Vitest's default on a two-core machine is one):
    // server files mostly wait on the database. The browser files form a group of their own
    // (a project whose maxWorkers differs runs in its own group, and groups run in turn).
    maxWorkers: 2,
    projects: [
      {
        // Lingui macros expanded as in the app build, so hooks and screens can be tested.
        plugins: [babel({ presets: [linguiTransformerBabelPreset()] })],
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['test/unit/setup.ts'],
        },
      },
      {
        test: {
          name: 'server-sqlite',
          include: ['test/server/**/*.test.ts'],
          // Several processes on one database: PostgreSQL only.
          exclude: ['test/server/**/*.pg.test.ts'],
          environment: 'node',
          // A safety net, not a timing: two files share the two cores with the database.
          testTimeout: 15_000,
          env: { TEST_DB: 'sqlite' },
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'server-postgres',
                include: ['test/server/**/*.test.ts'],
                environment: 'node',
                testTimeout: 15_000,
                env: { TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file starts its own server, data directory and browser, so files run in
          // parallel. They mostly wait on Chromium and the server, so more files than cores
          // fit.
          fileParallelism: true,
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
          // A page under parallel load can take seconds to show an answer.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
