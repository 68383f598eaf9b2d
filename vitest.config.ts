import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // One module cache for the unit files of a worker: 12 s instead of 68 s on two cores,
          // where half of the phase was importing the same modules again for every file (ADR 051).
          // So a unit file leaves no global behind: a stub is undone in its own file (vi.unstubAllGlobals),
          // and a PouchDB plugin is registered once (tests/unit/data-test-env.ts). Checked with
          // `--sequence.shuffle`, which runs the files in another order each time.
          isolate: false,
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
