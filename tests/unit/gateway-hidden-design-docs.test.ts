// The gateway's streaming filter that keeps design documents out of clients' lists (ADR 039):
// whatever the chunking, the answer is the same JSON with exactly the design rows left out.
import { describe, expect, it } from 'vitest';
import { DesignLineFilter, DesignRowFilter, isDesignRow } from '../../sync-server/src/gateway/hidden-design-docs.ts';

function run(make: (emit: (b: Uint8Array) => void) => { push(c: Uint8Array): void; end(): void }, text: string, chunkSize: number): string {
  const out: Uint8Array[] = [];
  const f = make((b) => out.push(b.slice()));
  const bytes = new TextEncoder().encode(text);
  for (let i = 0; i < bytes.length; i += chunkSize) f.push(bytes.subarray(i, i + chunkSize));
  f.end();
  const all = new Uint8Array(out.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of out) {
    all.set(b, at);
    at += b.length;
  }
  return new TextDecoder().decode(all);
}

const rows = (text: string, size: number) => run((e) => new DesignRowFilter(e), text, size);
const lines = (text: string, size: number) => run((e) => new DesignLineFilter(e), text, size);
const SIZES = [1, 2, 3, 7, 64, 100_000];

describe('design rows left out of list answers', () => {
  const changes = {
    results: [
      { seq: '1-a', id: '_design/fete', changes: [{ rev: '1-x' }] },
      { seq: '2-b', id: 'event:1', changes: [{ rev: '1-y' }], doc: { _id: 'event:1', title: 'Fête "[1]", {ok} \\ ] , é 🎉', tags: ['a', ['b']] } },
      { seq: '3-c', id: 'band:2', changes: [{ rev: '2-z' }], deleted: true },
      { seq: '4-d', id: '_design/other', changes: [{ rev: '3-w' }] },
    ],
    last_seq: '4-d',
    pending: 0,
  };

  it('drops the first, middle and last design rows of _changes, at every chunk size, and keeps valid JSON', () => {
    // CouchDB's own layout: one row per line, the comma after it.
    const couchText = `{"results":[\n${changes.results.map((r) => JSON.stringify(r)).join(',\n')}\n],\n"last_seq":"4-d","pending":0}\n`;
    for (const text of [JSON.stringify(changes), couchText]) {
      for (const size of SIZES) {
        const out = JSON.parse(rows(text, size)) as typeof changes;
        expect(out.results.map((r) => r.id), `chunks of ${size}`).toEqual(['event:1', 'band:2']);
        expect(out.results[0]).toEqual(changes.results[1]);
        expect(out.last_seq).toBe('4-d');
      }
    }
  });

  it('answers an empty list, a list of only design rows, and _all_docs and _bulk_get rows', () => {
    for (const size of SIZES) {
      expect(JSON.parse(rows('{"results":[],"last_seq":"0"}', size))).toEqual({ results: [], last_seq: '0' });
      expect(JSON.parse(rows('{"results":[{"id":"_design/fete","seq":"1"}],"last_seq":"1"}', size))).toEqual({ results: [], last_seq: '1' });
      const allDocs = { total_rows: 3, offset: 0, rows: [{ id: '_design/fete', key: '_design/fete', value: { rev: '1-a' } }, { id: 'a', key: 'a', value: { rev: '1-b' } }, { key: '_design/x', error: 'not_found' }] };
      expect(JSON.parse(rows(JSON.stringify(allDocs), size)).rows).toEqual([allDocs.rows[1]]);
      const bulk = { results: [{ id: 'x', docs: [{ ok: { _id: 'x' } }] }, { id: '_design/fete', docs: [{ ok: { _id: '_design/fete' } }] }] };
      expect(JSON.parse(rows(JSON.stringify(bulk), size))).toEqual({ results: [bulk.results[0]] });
    }
  });

  it('keeps a document whose text only mentions a design id', () => {
    const text = JSON.stringify({ results: [{ id: 'message:1', doc: { content: 'see "_design/fete"' } }] });
    expect(rows(text, 5)).toBe(text);
    expect(isDesignRow(new TextEncoder().encode(JSON.stringify({ id: 'message:1', doc: { content: '"_design/fete"' } })))).toBe(false);
  });

  it('passes a heartbeat before the answer through as it comes', () => {
    const out: string[] = [];
    const f = new DesignRowFilter((b) => out.push(new TextDecoder().decode(b)));
    f.push(new TextEncoder().encode('\n\n'));
    expect(out.join('')).toBe('\n\n');
  });

  it('drops design lines from a continuous feed, whatever the chunking', () => {
    const text = ['{"seq":"1","id":"_design/fete","changes":[]}', '{"seq":"2","id":"event:1","changes":[]}', '', '{"last_seq":"2","pending":0}', ''].join('\n');
    for (const size of SIZES) {
      expect(lines(text, size)).toBe('{"seq":"2","id":"event:1","changes":[]}\n\n{"last_seq":"2","pending":0}\n');
    }
  });
});
