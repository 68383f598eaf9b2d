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
          // embedded-engine/ tests our own engine in process: on Apache CouchDB there is nothing of it to test.
          // abuse/ and cluster/ run on their own, after the suite (below). FETE_INTEGRATION_EXCLUDE
          // (comma-separated paths) leaves out files another pass runs (scripts/test-couchdb.ts).
          exclude: [
            'tests/integration/abuse/**',
            'tests/integration/cluster/**',
            ...(process.env.COUCH_URL ? ['tests/integration/embedded-engine/**'] : []),
            ...(process.env.FETE_INTEGRATION_EXCLUDE ?? '').split(',').filter((f) => f !== ''),
          ],
          globalSetup: ['tests/integration/helpers/couch-setup.ts'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Two cores: real servers per file, so keep the files from starving each other.
          maxWorkers: 2,
        },
      },
      {
        // The abuse tests measure that the server stays responsive under attack (health within
        // 1 s): one file at a time, after the suite, so no other file's load decides the figure.
        test: {
          name: 'abuse',
          include: ['tests/integration/abuse/**/*.test.ts'],
          exclude: process.env.COUCH_URL ? ['tests/integration/embedded-engine/**'] : [],
          globalSetup: ['tests/integration/helpers/couch-setup.ts'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 120_000,
          hookTimeout: 60_000,
          maxWorkers: 1,
        },
      },
      {
        // Fault tests that stop a CouchDB node: alone, after the integration suite, on a cluster
        // (scripts/test-couchdb.ts), so no other file's writes meet a node that is down.
        test: {
          name: 'cluster',
          include: ['tests/integration/cluster/**/*.test.ts'],
          globalSetup: ['tests/integration/helpers/couch-setup.ts'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 600_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
        },
      },
    ],
  },
});
