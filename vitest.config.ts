import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // Those test our own engine in process; on Apache CouchDB there is nothing of it to test.
          exclude: process.env.COUCH_URL ? ['tests/integration/embedded-engine/**'] : [],
          globalSetup: ['tests/integration/helpers/couch-setup.ts'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Two cores: real servers per file, so keep the files from starving each other.
          maxWorkers: 2,
        },
      },
    ],
  },
});
