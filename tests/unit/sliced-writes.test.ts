// A replicated batch is written in slices with a pause between them (ADR 059), and stores exactly
// what one write would have: the same revisions, nothing left out, errors still per document.
import { describe, expect, it } from 'vitest';
import { sliceReplicatedWrites } from '../../web/src/data/sliced-writes.ts';
import { replicateOf } from '../../web/src/data/pouch.ts';
import type { Database } from '../../web/src/data/pouch.ts';
import { MemoryPouch } from './data-test-env.ts';

let n = 0;
const memoryDb = () => new MemoryPouch(`sliced-${process.pid}-${++n}`, { adapter: 'memory' }) as unknown as Database;

describe('replicated writes in slices', () => {
  it('a pull of 110 documents in one batch is written 25 at a time, and the device holds every one at the server\'s revision', async () => {
    const server = memoryDb();
    await server.bulkDocs(Array.from({ length: 110 }, (_, i) => ({ _id: `event:${String(i).padStart(3, '0')}`, type: 'event', title: `Fete ${i}` })));
    await server.put({ _id: 'event:000', _rev: (await server.get('event:000'))._rev, type: 'event', title: 'Fete 0, renamed' });
    let pauses = 0;
    const device = sliceReplicatedWrites(memoryDb(), 25, async () => {
      pauses++;
    });
    const writes: number[] = [];
    const raw = (device as unknown as { bulkDocs: (...a: unknown[]) => Promise<unknown[]> }).bulkDocs;
    (device as unknown as { bulkDocs: (...a: unknown[]) => Promise<unknown[]> }).bulkDocs = (...a) => {
      writes.push(((a[0] as { docs?: unknown[] }).docs ?? []).length);
      return raw(...a);
    };
    const result = await replicateOf(device).from(server, { batch_size: 1000 });
    expect(result.docs_written).toBe(110);
    expect(pauses).toBe(4);
    const [mine, theirs] = await Promise.all([device.allDocs(), server.allDocs()]);
    expect(mine.rows.map((r) => [r.id, r.value.rev])).toEqual(theirs.rows.map((r) => [r.id, r.value.rev]));
    expect(((await device.get('event:000')) as unknown as { title: string }).title).toBe('Fete 0, renamed');
    expect(writes).toEqual([110]);
  });

  it('answers what one write answers and stores the same; a batch the adapter refuses is refused with its error', async () => {
    const docs = Array.from({ length: 7 }, (_, i) => ({ _id: `band:${i}`, _rev: `1-${'a'.repeat(31)}${i}`, name: `Band ${i}` }));
    const write = (db: Database, batch: unknown[]) =>
      (db as unknown as { bulkDocs: (r: unknown) => Promise<unknown[]> }).bulkDocs({ docs: batch, new_edits: false }).then(
        (r) => r,
        (err: { message?: string }) => ({ refused: err.message }),
      );
    const whole = memoryDb();
    const sliced = sliceReplicatedWrites(memoryDb(), 2, async () => {});
    expect(await write(sliced, docs)).toEqual(await write(whole, docs));
    const [x, y] = await Promise.all([whole.allDocs(), sliced.allDocs()]);
    expect(y.rows.map((r) => [r.id, r.value.rev])).toEqual(x.rows.map((r) => [r.id, r.value.rev]));

    // No revision to store it at: refused as the whole batch is. The slices before it stay
    // written, each at its server revision, which the next pull finds present.
    const bad = [...docs.map((d) => ({ ...d, _id: d._id.replace('band', 'event') }))];
    bad.splice(3, 0, { _id: 'event:norev', name: 'No revision' } as never);
    const refused = await write(sliceReplicatedWrites(memoryDb(), 2, async () => {}), bad);
    expect(refused).toEqual(await write(memoryDb(), bad));
    expect(refused).toEqual({ refused: 'Invalid rev format' });
  });

  it('leaves the app\'s own writes and small batches as they are', async () => {
    let pauses = 0;
    const device = sliceReplicatedWrites(memoryDb(), 2, async () => {
      pauses++;
    });
    await device.bulkDocs([{ _id: 'a' }, { _id: 'b' }, { _id: 'c' }]);
    await (device as unknown as { bulkDocs: (r: unknown) => Promise<unknown> }).bulkDocs({ docs: [{ _id: 'd' }, { _id: 'e' }, { _id: 'f' }] });
    await (device as unknown as { bulkDocs: (r: unknown) => Promise<unknown> }).bulkDocs({ docs: [{ _id: 'g', _rev: '1-ab' }], new_edits: false });
    expect(pauses).toBe(0);
    expect((await device.allDocs()).rows).toHaveLength(7);
  });
});
