// The userdb limits' own rules (docs/limits.md): which documents a write carries, and that requests
// without a database (the server's root) or outside a userdb are not judged at all.
import { describe, expect, it } from 'vitest';
import { UserDbLimits, writtenDocs } from '../../sync-server/src/gateway/userdb-limits.ts';
import type { Backend } from '../../sync-server/src/backend/backend.ts';
import type { AdminCall } from '../../couch/src/provision.ts';

const cfg = { writesPerMinute: 2, dmsPerMinute: 1, dmsPerPairPerMinute: 1, reportsPerHour: 1, maxDocs: 10, maxBytes: 1000 };
const member = { name: 'u1', roles: ['member'] };
const req = new Request('http://127.0.0.1/db/x', { method: 'POST' });

describe('userdb limits', () => {
  it('read the documents a write carries; local documents and reads carry none', () => {
    expect(writtenDocs('POST', '_bulk_docs', { docs: [{ _id: 'a' }, { _id: '_local/x' }, 'junk'] })).toEqual([{ _id: 'a' }]);
    expect(writtenDocs('PUT', undefined, { _id: 'a' })).toEqual([{ _id: 'a' }]);
    expect(writtenDocs('DELETE', undefined, undefined)).toEqual([{ _deleted: true }]);
    expect(writtenDocs('PUT', '_local', { _id: '_local/x' })).toEqual([]);
    expect(writtenDocs('POST', '_all_docs', { keys: [] })).toEqual([]);
  });

  it('judge nothing without a database, outside a userdb, or for the server', async () => {
    // No backend is asked on these paths: one that would throw proves it.
    const asked = () => Promise.reject(new Error('asked'));
    const limits = new UserDbLimits(cfg, { forward: asked } as unknown as Backend, asked as unknown as AdminCall);
    const docs = Array.from({ length: 5 }, (_, i) => ({ _id: `like:event:e${i}` }));
    expect(await limits.check(member, undefined, req, docs)).toBeNull();
    expect(await limits.check(member, 'catalog', req, docs)).toBeNull();
    expect(await limits.check({ name: null, roles: ['_admin'] }, 'userdb-7531', req, docs)).toBeNull();
    // Past the write rate in a userdb: refused before any size is asked.
    expect(await limits.check(member, 'userdb-7531', req, docs)).toMatchObject({ status: 429, error: 'too_many_requests' });
  });
});
