// On Apache CouchDB, provisioning creates `_global_changes` (without it `_db_updates`
// answers 404 and every worker is dead), is idempotent, and a feed that still cannot be
// followed stops the start with one clear line.
import { describe, expect, it } from 'vitest';
import { ProvisionError, provisionCouchSystem, type AdminAnswer } from '../../couch/src/provision.ts';

function fakeCouch(opts: { exists: boolean; feed: number }) {
  const calls: string[] = [];
  let exists = opts.exists;
  const call = async (method: string, path: string): Promise<AdminAnswer> => {
    calls.push(`${method} ${path}`);
    if (method === 'PUT' && path === '/_global_changes') {
      if (exists) return { status: 412, body: { error: 'file_exists' } };
      exists = true;
      return { status: 201, body: { ok: true } };
    }
    if (method === 'GET' && path.startsWith('/_db_updates')) {
      return exists && opts.feed === 200 ? { status: 200, body: { results: [], last_seq: '0' } } : { status: opts.feed === 200 ? 404 : opts.feed, body: {} };
    }
    return { status: 404, body: {} };
  };
  return { call, calls };
}

describe('provisionCouchSystem', () => {
  it('creates _global_changes when it is missing, and checks that _db_updates then answers', async () => {
    const couch = fakeCouch({ exists: false, feed: 200 });
    expect(await provisionCouchSystem(couch.call)).toEqual({ created: true });
    expect(couch.calls).toEqual(['PUT /_global_changes', 'GET /_db_updates?limit=1']);
  });

  it('is idempotent', async () => {
    const couch = fakeCouch({ exists: true, feed: 200 });
    expect(await provisionCouchSystem(couch.call)).toEqual({ created: false });
    expect(await provisionCouchSystem(couch.call)).toEqual({ created: false });
  });

  it('stops with one line that says what to do when the feed still does not answer', async () => {
    const couch = fakeCouch({ exists: true, feed: 401 });
    const err = await provisionCouchSystem(couch.call).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProvisionError);
    expect((err as Error).message).toMatch(/_db_updates answered 401/);
    expect((err as Error).message).toMatch(/_global_changes/);
    expect((err as Error).message).not.toContain('\n');
  });

  it('reports a refused creation', async () => {
    const call = async (): Promise<AdminAnswer> => ({ status: 401, body: { error: 'unauthorized' } });
    await expect(provisionCouchSystem(call)).rejects.toThrow(/create _global_changes failed: 401/);
  });
});

describe('provisionDatabase when two servers start at once', () => {
  it('tries again after a lost race (409 on the design doc, 500 error_saving_ddoc on an index) and succeeds', async () => {
    const { provisionDatabase } = await import('../../couch/src/provision.ts');
    let ddocConflicts = 1;
    let indexRaces = 1;
    const calls: string[] = [];
    const call = async (method: string, path: string): Promise<AdminAnswer> => {
      calls.push(`${method} ${path}`);
      if (method === 'PUT' && path === '/catalog') return { status: 412, body: { error: 'file_exists' } };
      if (method === 'GET') return { status: 404, body: { error: 'not_found' } };
      if (method === 'PUT' && path.includes('_design')) {
        return ddocConflicts-- > 0 ? { status: 409, body: { error: 'conflict' } } : { status: 201, body: { ok: true } };
      }
      if (method === 'POST' && path.endsWith('/_index')) {
        return indexRaces-- > 0 ? { status: 500, body: { error: 'error_saving_ddoc', reason: 'Encountered a conflict while saving the design document.' } } : { status: 200, body: { result: 'exists' } };
      }
      return { status: 200, body: { ok: true } };
    };
    await expect(provisionDatabase(call, 'catalog')).resolves.toEqual({ created: false });
    expect(calls.filter((c) => c.startsWith('PUT /catalog/_design')).length).toBeGreaterThan(1);
  });

  it('still fails on anything that is not a race', async () => {
    const { provisionDatabase } = await import('../../couch/src/provision.ts');
    const call = async (method: string): Promise<AdminAnswer> =>
      method === 'PUT' ? { status: 401, body: { error: 'unauthorized' } } : { status: 404, body: {} };
    const err = await provisionDatabase(call, 'catalog').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProvisionError);
    expect((err as ProvisionError).race).toBe(false);
  });
});
