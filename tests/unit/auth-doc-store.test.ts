import { beforeEach, describe, expect, it } from 'vitest';
import { fakeCouch } from './auth-fake-couch.ts';
import { deleteDoc, deleteWhere, docsWithPrefix, getDoc, putDoc, updateDoc, updateWhere } from '../../sync-server/src/auth/doc-store.ts';
import { BackendError } from '../../sync-server/src/backend/backend.ts';
import { keepIfExclusive, putExclusive } from '../../sync-server/src/backend/exclusive-write.ts';
import type { AdminCall } from '../../couch/src/provision.ts';

let call: AdminCall;

beforeEach(async () => {
  call = fakeCouch().call;
  await call('PUT', '/db');
});

describe('doc store', () => {
  it('get answers null for a missing document or database', async () => {
    expect(await getDoc(call, 'db', 'nope')).toBeNull();
    expect(await getDoc(call, 'no-such-db', 'x')).toBeNull();
  });

  it('put reports a conflict instead of throwing', async () => {
    expect(await putDoc(call, 'db', { _id: 'a', v: 1 })).toHaveProperty('rev');
    expect(await putDoc(call, 'db', { _id: 'a', v: 2 })).toBe('conflict');
  });

  it('update retries on conflict and skips when nothing changes', async () => {
    await putDoc(call, 'db', { _id: 'a', n: 0 });
    await Promise.all(Array.from({ length: 4 }, () => updateDoc<{ n: number }>(call, 'db', 'a', (d) => ({ ...d, n: d.n + 1 }))));
    expect((await getDoc<{ n: number }>(call, 'db', 'a'))?.n).toBe(4);
    expect(await updateDoc(call, 'db', 'a', () => null)).toBeNull();
    expect(await updateDoc(call, 'db', 'missing', (d) => d)).toBeNull();
  });

  it('update on a cluster: a racing update accepted by another copy is not lost; ours withdraws and applies again on top of it', async () => {
    const calls: string[] = [];
    const leaf = (rev: string, ids: string[], fields: object) => ({ ok: { _id: 'p', _rev: rev, _revisions: { start: Number(rev[0]), ids }, ...fields } });
    let puts = 0;
    const stub: AdminCall = async (method, path, body) => {
      calls.push(`${method} ${path}`);
      const withdrawn = calls.includes('DELETE /members/p?rev=2-mine');
      if (method === 'GET' && path.includes('open_revs')) {
        // Our first write reached one copy (202); a rival's update on the same parent stands beside it.
        if (puts === 1) return { status: 200, body: [leaf('2-mine', ['mine', 'root'], { mine: true }), leaf('2-theirs', ['theirs', 'root'], { theirs: true })] };
        return { status: 200, body: [leaf('3-both', ['both', 'theirs', 'root'], body ?? {})] };
      }
      if (method === 'GET') return { status: 200, body: withdrawn ? { _id: 'p', _rev: '2-theirs', theirs: true } : { _id: 'p', _rev: '1-root' } };
      if (method === 'PUT') {
        puts++;
        return puts === 1 ? { status: 202, body: { ok: true, rev: '2-mine' } } : { status: 201, body: { ok: true, rev: '3-both' } };
      }
      return { status: 200, body: { ok: true } };
    };
    const written = await updateDoc<{ mine?: boolean; theirs?: boolean }>(stub, 'members', 'p', (d) => ({ ...d, mine: true }));
    expect(written).toEqual({ _id: 'p', _rev: '3-both', mine: true, theirs: true });
    expect(calls.filter((c) => c.startsWith('PUT') || c.startsWith('DELETE'))).toEqual(['PUT /members/p', 'DELETE /members/p?rev=2-mine', 'PUT /members/p']);
  });

  it('delete on a cluster: an update accepted by another copy beside the deletion is deleted too, if the predicate allows it', async () => {
    function cluster(rival: { _rev: string; owner: string }) {
      const calls: string[] = [];
      const stub: AdminCall = async (method, path) => {
        calls.push(`${method} ${path}`);
        if (method === 'GET' && path.includes('open_revs=all')) return { status: 200, body: [{ ok: { _id: 'a', _rev: '2-gone', _deleted: true } }, { ok: { _id: 'a', ...rival } }] };
        if (method === 'GET') return { status: 200, body: { _id: 'a', _rev: '1-root', owner: 'x' } };
        return { status: 202, body: { ok: true, rev: '2-gone' } };
      };
      return { stub, calls };
    }
    const raced = cluster({ _rev: '2-theirs', owner: 'x' });
    expect(await deleteDoc(raced.stub, 'db', 'a', (d) => d.owner === 'x')).toBe(true);
    expect(raced.calls.filter((c) => c.startsWith('DELETE'))).toEqual(['DELETE /db/a?rev=1-root', 'DELETE /db/a?rev=2-theirs']);
    // The racing update made it another document than the one meant: it stays.
    const moved = cluster({ _rev: '2-theirs', owner: 'y' });
    expect(await deleteDoc(moved.stub, 'db', 'a', (d) => d.owner === 'x')).toBe(true);
    expect(moved.calls.filter((c) => c.startsWith('DELETE'))).toEqual(['DELETE /db/a?rev=1-root']);
  });

  it('delete honours the predicate', async () => {
    await putDoc(call, 'db', { _id: 'a', owner: 'x' });
    expect(await deleteDoc(call, 'db', 'a', (d) => d.owner === 'y')).toBe(false);
    expect(await deleteDoc(call, 'db', 'a', (d) => d.owner === 'x')).toBe(true);
    expect(await deleteDoc(call, 'db', 'a')).toBe(false);
  });

  it('updateWhere and deleteWhere work through many batches', async () => {
    for (let i = 0; i < 450; i++) await putDoc(call, 'db', { _id: `d${String(i).padStart(3, '0')}`, kind: 'k', done: null });
    expect(await updateWhere(call, 'db', { kind: 'k', done: null }, (d) => ({ ...d, done: true }))).toBe(450);
    expect(await deleteWhere(call, 'db', { kind: 'k' })).toBe(450);
    expect(await docsWithPrefix(call, 'db', 'd')).toEqual([]);
  });

  it('gives up instead of spinning when every write is refused', async () => {
    await putDoc(call, 'db', { _id: 'a', kind: 'k' });
    const refusing: AdminCall = async (method, path, body) =>
      path.endsWith('/_bulk_docs') ? { status: 201, body: [{ id: 'a', error: 'forbidden', reason: 'no' }] } : call(method, path, body);
    await expect(deleteWhere(refusing, 'db', { kind: 'k' })).rejects.toBeInstanceOf(BackendError);
  });

  it('lists a prefix range only', async () => {
    await putDoc(call, 'db', { _id: 'message:1' });
    await putDoc(call, 'db', { _id: 'message:2' });
    await putDoc(call, 'db', { _id: 'like:1' });
    expect((await docsWithPrefix(call, 'db', 'message:')).map((d) => d._id)).toEqual(['message:1', 'message:2']);
  });
});

describe('putExclusive: a write only one racer wins, also on a cluster', () => {
  /** A cluster's answers: the PUT reached fewer copies than its quorum (202), and these leaves stand. */
  function cluster(putStatus: number, leaves: { _rev: string; _deleted?: boolean }[]) {
    const calls: string[] = [];
    const stub: AdminCall = async (method, path) => {
      calls.push(`${method} ${path}`);
      if (method === 'PUT') return putStatus === 409 ? { status: 409, body: { error: 'conflict' } } : { status: putStatus, body: { ok: true, rev: '1-mine' } };
      if (method === 'GET') return { status: 200, body: leaves.map((l) => ({ ok: { _id: 'email:x', ...l } })) };
      return { status: 200, body: { ok: true } };
    };
    return { stub, calls };
  }

  it('a 201 alone wins; a 409 loses without a read', async () => {
    expect(await putExclusive(cluster(201, [{ _rev: '1-mine' }]).stub, 'accounts', { _id: 'email:x' })).toEqual({ rev: '1-mine' });
    const lost = cluster(409, []);
    expect(await putExclusive(lost.stub, 'accounts', { _id: 'email:x' })).toBe('conflict');
    expect(lost.calls).toEqual(['PUT /accounts/email%3Ax']);
  });

  it('a 201 beside a rival loses too: the rival\'s earlier 202 sat on the one copy that refused ours', async () => {
    const raced = cluster(201, [{ _rev: '1-theirs' }, { _rev: '1-mine' }]);
    expect(await putExclusive(raced.stub, 'accounts', { _id: 'email:x' })).toBe('conflict');
    expect(raced.calls).toEqual(['PUT /accounts/email%3Ax', 'GET /accounts/email%3Ax?open_revs=all&revs=true&r=3', 'DELETE /accounts/email%3Ax?rev=1-mine']);
  });

  it('a 202 with a rival revision beside it loses, and withdraws its own revision', async () => {
    const raced = cluster(202, [{ _rev: '1-mine' }, { _rev: '1-theirs' }]);
    expect(await putExclusive(raced.stub, 'accounts', { _id: 'email:x' })).toBe('conflict');
    expect(raced.calls).toEqual(['PUT /accounts/email%3Ax', 'GET /accounts/email%3Ax?open_revs=all&revs=true&r=3', 'DELETE /accounts/email%3Ax?rev=1-mine']);
  });

  it('reads the leaves back from every copy: three racers, each on one copy, with two copies read, could both miss the third', async () => {
    const raced = cluster(202, [{ _rev: '1-mine' }]);
    await putExclusive(raced.stub, 'accounts', { _id: 'email:x' });
    expect(raced.calls[1]).toMatch(/[?&]r=3(&|$)/);
  });

  it('the revision written over (shown by a copy that lags) is no rival, nor one that made the same change', async () => {
    const update = { _id: 'refresh:x', _rev: '1-parent', rotated_to: 'refresh:next' };
    expect(await putExclusive(cluster(202, [{ _rev: '1-parent' }]).stub, 'accounts', update)).toEqual({ rev: '1-mine' });
    const twoTabs = cluster(202, [{ _rev: '1-mine' }, { _rev: '2-tab', rotated_to: 'refresh:next' } as { _rev: string }]);
    expect(await putExclusive(twoTabs.stub, 'accounts', update, (rival) => rival.rotated_to === 'refresh:next')).toEqual({ rev: '1-mine' });
    const thief = cluster(202, [{ _rev: '1-mine' }, { _rev: '2-thief', rotated_to: 'refresh:other', _revisions: { start: 2, ids: ['thief', 'parent'] } } as { _rev: string }]);
    expect(await putExclusive(thief.stub, 'accounts', update, (rival) => rival.rotated_to === 'refresh:next')).toBe('conflict');
  });

  it('a branch the document already had is no rival of an update; a sibling made on the same parent is', async () => {
    const update = { _id: 'refresh:x', _rev: '2-parent' };
    const older = { _rev: '2-other', _revisions: { start: 2, ids: ['other', 'root'] } };
    expect(await putExclusive(cluster(202, [{ _rev: '1-mine' }, older]).stub, 'accounts', update)).toEqual({ rev: '1-mine' });
    const sibling = { _rev: '3-zzz', _revisions: { start: 3, ids: ['zzz', 'parent', 'root'] } };
    expect(await putExclusive(cluster(202, [{ _rev: '1-mine' }, sibling]).stub, 'accounts', update)).toBe('conflict');
  });

  it('the racer CouchDB would pick waits for the others to withdraw, and withdraws itself if one stays (it won earlier)', async () => {
    function racing(reads: { _rev: string; _deleted?: boolean }[][]) {
      const calls: string[] = [];
      const stub: AdminCall = async (method) => {
        calls.push(method);
        if (method === 'PUT') return { status: 201, body: { ok: true, rev: '1-mine' } };
        if (method === 'GET') return { status: 200, body: (reads.shift() ?? []).map((l) => ({ ok: { _id: 'email:x', ...l } })) };
        return { status: 200, body: { ok: true } };
      };
      return { stub, calls };
    }
    // '1-mine' outranks '1-aaa' (greater hash): it waits, and the rival withdraws.
    const leads = racing([[{ _rev: '1-mine' }, { _rev: '1-aaa' }], [{ _rev: '1-mine' }, { _rev: '1-aaa' }], [{ _rev: '1-mine' }, { _rev: '2-aaa', _deleted: true }]]);
    expect(await putExclusive(leads.stub, 'accounts', { _id: 'email:x' }, undefined, [1, 1, 1])).toEqual({ rev: '1-mine' });
    expect(leads.calls).toEqual(['PUT', 'GET', 'GET', 'GET']);
    const stays = [{ _rev: '1-mine' }, { _rev: '1-aaa' }];
    const beaten = racing([stays, stays, stays, stays]);
    expect(await putExclusive(beaten.stub, 'accounts', { _id: 'email:x' }, undefined, [1, 1, 1])).toBe('conflict');
    expect(beaten.calls).toEqual(['PUT', 'GET', 'GET', 'GET', 'GET', 'DELETE']);
    // Outranked by '1-zzz': withdraws at once.
    const outranked = racing([[{ _rev: '1-mine' }, { _rev: '1-zzz' }]]);
    expect(await putExclusive(outranked.stub, 'accounts', { _id: 'email:x' }, undefined, [1, 1, 1])).toBe('conflict');
    expect(outranked.calls).toEqual(['PUT', 'GET', 'DELETE']);
  });

  it('a 202 alone (a slow copy, a node down) wins; a deleted rival does not count', async () => {
    expect(await putExclusive(cluster(202, [{ _rev: '1-mine' }]).stub, 'accounts', { _id: 'email:x' })).toEqual({ rev: '1-mine' });
    expect(await putExclusive(cluster(202, [{ _rev: '1-mine' }, { _rev: '2-gone', _deleted: true }]).stub, 'accounts', { _id: 'email:x' })).toEqual({ rev: '1-mine' });
  });
});

describe('a backend of one copy: the write decides, nothing is read back', () => {
  /** Answers a PUT with `putStatus`, a GET with the leaves (a rival beside ours), the rest with 200. */
  function oneCopy(putStatus: number, singleCopy: boolean) {
    const calls: string[] = [];
    const stub = async (method: string, path: string) => {
      calls.push(`${method} ${path}`);
      if (method === 'PUT') return { status: putStatus, body: { ok: true, rev: '1-mine' } };
      if (method === 'GET' && path.includes('open_revs')) return { status: 200, body: [{ ok: { _id: 'a', _rev: '1-mine' } }, { ok: { _id: 'a', _rev: '1-zzz' } }] };
      if (method === 'GET') return { status: 200, body: { _id: 'a', _rev: '1-root' } };
      return { status: 200, body: { ok: true } };
    };
    return { call: Object.assign(stub, { singleCopy: () => Promise.resolve(singleCopy) }) as AdminCall, calls };
  }

  it('putExclusive: a 201 wins without a read; on a cluster the same answers read back and withdraw', async () => {
    const single = oneCopy(201, true);
    expect(await putExclusive(single.call, 'accounts', { _id: 'a' })).toEqual({ rev: '1-mine' });
    expect(single.calls).toEqual(['PUT /accounts/a']);
    const cluster = oneCopy(201, false);
    expect(await putExclusive(cluster.call, 'accounts', { _id: 'a' })).toBe('conflict');
    expect(cluster.calls).toEqual(['PUT /accounts/a', 'GET /accounts/a?open_revs=all&revs=true&r=3', 'DELETE /accounts/a?rev=1-mine']);
  });

  it('putExclusive: a 202 (fewer copies than asked) is read back even when the backend said one copy', async () => {
    const odd = oneCopy(202, true);
    expect(await putExclusive(odd.call, 'accounts', { _id: 'a' })).toBe('conflict');
    expect(odd.calls).toContain('GET /accounts/a?open_revs=all&revs=true&r=3');
  });

  it('keepIfExclusive keeps a bulk-written revision without a read', async () => {
    const single = oneCopy(201, true);
    expect(await keepIfExclusive(single.call, 'accounts', 'a', '1-mine', undefined)).toEqual({ rev: '1-mine' });
    expect(single.calls).toEqual([]);
  });

  it('deleteDoc: the 200 decides; on a cluster the leaves are read and a live one deleted too', async () => {
    const single = oneCopy(201, true);
    expect(await deleteDoc(single.call, 'db', 'a')).toBe(true);
    expect(single.calls).toEqual(['GET /db/a', 'DELETE /db/a?rev=1-root']);
    const cluster = oneCopy(201, false);
    expect(await deleteDoc(cluster.call, 'db', 'a')).toBe(true);
    expect(cluster.calls).toEqual(['GET /db/a', 'DELETE /db/a?rev=1-root', 'GET /db/a?open_revs=all&r=3', 'DELETE /db/a?rev=1-mine', 'DELETE /db/a?rev=1-zzz']);
  });
});
