import { beforeEach, describe, expect, it } from 'vitest';
import { fakeCouch } from './auth-fake-couch.ts';
import { deleteDoc, deleteWhere, docsWithPrefix, getDoc, putDoc, updateDoc, updateWhere } from '../../sync-server/src/auth/doc-store.ts';
import { BackendError } from '../../sync-server/src/backend/backend.ts';
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
