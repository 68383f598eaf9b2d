// The lease between servers on one CouchDB (ADR 016), against an in-memory store that answers
// like CouchDB: a create of an existing id, or a write with a stale _rev, is a 409.
import { describe, expect, it } from 'vitest';
import { takeLease } from '../../sync-server/src/backend/lease.ts';
import type { AdminAnswer } from '../../couch/src/provision.ts';

function fakeAccounts() {
  const docs = new Map<string, { _rev: string; [k: string]: unknown }>();
  let n = 0;
  const call = async (method: string, path: string, body?: unknown): Promise<AdminAnswer> => {
    const id = decodeURIComponent(path.split('?')[0]!.replace('/accounts/', ''));
    const current = docs.get(id);
    if (method === 'GET' && path.includes('open_revs=all')) return { status: 200, body: current ? [{ ok: { _id: id, ...current } }] : [] };
    if (method === 'GET') return current ? { status: 200, body: { _id: id, ...current } } : { status: 404, body: { error: 'not_found' } };
    if (method === 'PUT') {
      const doc = body as { _rev?: string };
      if ((current && doc._rev !== current._rev) || (!current && doc._rev)) return { status: 409, body: { error: 'conflict' } };
      const rev = `${++n}-x`;
      docs.set(id, { ...(doc as object), _rev: rev });
      return { status: 201, body: { ok: true, rev } };
    }
    if (method === 'DELETE') {
      const rev = new URL(`http://x${path}`).searchParams.get('rev');
      if (!current) return { status: 404, body: {} };
      if (rev !== current._rev) return { status: 409, body: { error: 'conflict' } };
      docs.delete(id);
      return { status: 200, body: { ok: true } };
    }
    return { status: 405, body: {} };
  };
  return { call, docs };
}

describe('takeLease', () => {
  it('gives the lease to one server; the other gets null while it is held', async () => {
    const { call } = fakeAccounts();
    const a = await takeLease(call, 'demo-seed', 'host:1:/a', 60_000);
    expect(a).not.toBeNull();
    expect(await takeLease(call, 'demo-seed', 'host:2:/b', 60_000)).toBeNull();
  });

  it('is free again once released', async () => {
    const { call, docs } = fakeAccounts();
    const a = await takeLease(call, 'demo-seed', 'host:1:/a', 60_000);
    await a?.release();
    expect(docs.size).toBe(0);
    expect(await takeLease(call, 'demo-seed', 'host:2:/b', 60_000)).not.toBeNull();
  });

  it('goes to another server once it has run out (its holder died)', async () => {
    const { call } = fakeAccounts();
    let clock = 1_000_000;
    await takeLease(call, 'demo-seed', 'host:1:/a', 60_000, () => clock);
    expect(await takeLease(call, 'demo-seed', 'host:2:/b', 60_000, () => clock)).toBeNull();
    clock += 60_001;
    expect(await takeLease(call, 'demo-seed', 'host:2:/b', 60_000, () => clock)).not.toBeNull();
  });

  it('goes back at once to the same server restarted (same host, port and data folder)', async () => {
    const { call } = fakeAccounts();
    await takeLease(call, 'demo-seed', 'host:1:/a', 60_000);
    expect(await takeLease(call, 'demo-seed', 'host:1:/a', 60_000)).not.toBeNull();
  });

  it('leaves a lease taken over meanwhile to its new holder on release', async () => {
    const { call, docs } = fakeAccounts();
    let clock = 0;
    const a = await takeLease(call, 'demo-seed', 'host:1:/a', 10, () => clock);
    clock = 100;
    await takeLease(call, 'demo-seed', 'host:2:/b', 60_000, () => clock);
    await a?.release();
    expect(docs.get('lease:demo-seed')?.holder).toBe('host:2:/b');
  });
});
