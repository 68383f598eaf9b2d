// Whether the backend keeps one copy of each database decides whether exclusive writes read their
// revision back from every copy (ADR 039, amended 2026-12-06). Asked of the real engine: one
// Apache CouchDB node must say one copy (its writes are decided by the 201 or 409), a cluster must
// not (its racing writes need the read-back). The embedded backend is covered by the unit test.
// Runs on the one-node pass and on the cluster pass (scripts/test-couchdb.ts, BOTH_PASSES_FILES).
import { describe, expect, it } from 'vitest';
import { adminCallFor } from '../../sync-server/src/backend/admin-call.ts';
import { createExternalBackend } from '../../sync-server/src/backend/external-backend.ts';
import { createLogger } from '../../sync-server/src/log.ts';
import { couchNodes, onCouchDB } from './helpers/couch-namespace.ts';

describe.skipIf(!onCouchDB)('the backend\'s copies, asked of Apache CouchDB', () => {
  it(`${couchNodes === 1 ? 'one node keeps one copy' : 'a cluster keeps several copies'}`, async () => {
    const backend = createExternalBackend({
      url: process.env.COUCH_URL as string,
      user: process.env.COUCH_ADMIN_USER as string,
      password: process.env.COUCH_ADMIN_PASSWORD as string,
      log: createLogger('silent'),
    });
    try {
      expect(await adminCallFor(backend).singleCopy?.()).toBe(couchNodes === 1);
    } finally {
      await backend.close();
    }
  });
});
