import { defineConfig } from 'vitest/config';

const withPg = !!process.env.TEST_DATABASE_URL;
// The rules (tests/server) run on both databases. The HTTP contract (tests/api: status codes,
// headers, the OpenAPI document, the hostile-input sweep) is the same whatever the database, so it
// runs once: on PostgreSQL when there is one, else on the embedded one.
const ruleTests = ['tests/server/**/*.test.ts'];
const httpTests = ['tests/api/**/*.test.ts'];

const browserProject = {
  fileParallelism: false,
  testTimeout: 90_000,
  hookTimeout: 180_000,
  globalSetup: ['tests/e2e/global-setup.ts'],
};
/** The browser files that take longest (CI's timings): run in their own process beside the rest. */
const LONG_BROWSER_FILES = ['tests/e2e/accessibility.test.ts', 'tests/e2e/truth.test.ts', 'tests/e2e/admin.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      // Pure rules in node; only the client's tests get a DOM (happy-dom).
      {
        test: {
          name: 'shared',
          include: ['tests/shared/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'unit',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        test: {
          name: 'server-pglite',
          include: withPg ? ruleTests : [...ruleTests, ...httpTests],
          env: { TEST_DB_KIND: 'pglite' },
          globalSetup: ['tests/helpers/dbImage.setup.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPg
        ? [
            {
              test: {
                name: 'server-pg',
                include: [...ruleTests, ...httpTests],
                env: { TEST_DB_KIND: 'pg' },
                globalSetup: ['tests/helpers/dbImage.setup.ts'],
                isolate: false,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
      // The browser tests in two halves that `npm test` runs side by side, each against its own
      // built server and demo data (global-setup), one file at a time within each: the longest
      // files in `e2e-long` (with `faults` beside them in the same process), every other file in
      // `e2e`. A new file lands in `e2e`.
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: LONG_BROWSER_FILES,
          ...browserProject,
        },
      },
      {
        test: {
          name: 'e2e-long',
          include: LONG_BROWSER_FILES,
          ...browserProject,
        },
      },
    ],
  },
});
