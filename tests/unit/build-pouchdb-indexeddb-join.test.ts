// The build-time `join_existing` option of pouchdb-adapter-indexeddb (ADR 061): the catalogue's
// pull worker opens the page's database at the version it has, so the page's connection is not
// closed under its reads. What it does in a browser is checked by the console-clean browser spec;
// here, that the adapter still has the text the option is written into, and what it becomes.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { ORIGINAL, PATCHED, patchIndexeddbJoin } from '../../web/build/pouchdb-indexeddb-join.ts';

const require = createRequire(import.meta.url);
const source = readFileSync(require.resolve('pouchdb-adapter-indexeddb').replace(/index\.js$/, 'index.es.js'), 'utf8');

/** The patched open, run with a stand-in for indexedDB: the arguments each open is made with. */
function opens(opts: Record<string, unknown>): unknown[][] {
  const calls: unknown[][] = [];
  const indexedDB = { open: (...args: unknown[]) => (calls.push(args), {}) };
  new Function('opts', 'indexedDB', 'createIdbVersion', PATCHED)(opts, indexedDB, () => 42);
  return calls;
}

describe('pouchdb-adapter-indexeddb: joining an open database', () => {
  it('the installed adapter still has the text the option replaces (else the build fails loudly)', () => {
    expect(source).toContain(ORIGINAL);
    expect(patchIndexeddbJoin(source)).toContain(PATCHED);
    expect(() => patchIndexeddbJoin('export default 1;')).toThrow(/pouchdb-adapter-indexeddb changed/);
  });

  it('a connection that joins opens at the version the database has; any other still asks for a new one', () => {
    expect(opens({ name: 'fete-catalog', join_existing: true })).toEqual([['fete-catalog']]);
    expect(opens({ name: 'fete-catalog' })).toEqual([['fete-catalog', 42]]);
    expect(opens({ name: 'fete-catalog', versionChangedWhileOpen: true })).toEqual([['fete-catalog']]);
  });
});
