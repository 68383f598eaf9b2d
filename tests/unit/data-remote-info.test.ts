// The replicator calls a remote database's info() after each batch without handling a
// failure; a signal lost right then must not surface as an unhandled rejection.
import { describe, expect, it } from 'vitest';
import { createDbFactory } from '../../web/src/data/local-dbs.ts';
import { MemoryPouch } from './data-test-env.ts';

function factory(fetchFn: typeof fetch) {
  return createDbFactory({ PouchDB: MemoryPouch, adapter: 'memory', origin: 'http://127.0.0.1:9', fetch: fetchFn, prefix: 'remote-info' });
}

describe('remote info()', () => {
  it('answers an empty summary when the network fails, and the real one when the server answers', async () => {
    const offline = factory(async () => {
      throw new TypeError('fetch failed');
    }).remote('chat');
    await expect(offline.info()).resolves.toMatchObject({ db_name: 'chat', doc_count: 0, update_seq: 0 });
    // The way the replicator calls it, with no catch: nothing may go unhandled.
    const unhandled: unknown[] = [];
    const onUnhandled = (err: unknown) => unhandled.push(err);
    process.on('unhandledRejection', onUnhandled);
    void offline.info().then(() => undefined);
    await new Promise((r) => setTimeout(r, 20));
    process.off('unhandledRejection', onUnhandled);
    expect(unhandled).toEqual([]);

    const online = factory(async () => new Response(JSON.stringify({ db_name: 'chat', doc_count: 7, update_seq: '12-abc' }), { status: 200, headers: { 'content-type': 'application/json' } })).remote('chat');
    await expect(online.info()).resolves.toMatchObject({ doc_count: 7, update_seq: '12-abc' });
  });
});
