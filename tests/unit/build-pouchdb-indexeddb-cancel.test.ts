// The build-time fix of pouchdb-adapter-indexeddb (ADR 034): a cancelled live changes feed must
// remove its listener. The patched adapter source is loaded and driven with a stand-in for the
// adapter's own `changes` (which registers a listener for a continuous feed and returns its
// `{ cancel }`), through the adapter's asynchronous transaction wrapper.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { ORIGINAL, PATCHED, patchIndexeddbAdapter } from '../../web/build/pouchdb-indexeddb-cancel.ts';

const require = createRequire(import.meta.url);
const source = readFileSync(require.resolve('pouchdb-adapter-indexeddb').replace(/index\.js$/, 'index.es.js'), 'utf8');

/** Runs the given `_changes` definition with a `$t` that, like the adapter's, opens its transaction later. */
function apiFrom(definition: string) {
  const listeners = new Set<string>();
  let n = 0;
  const changes = (_txn: unknown, _h: unknown, _api: unknown, _o: unknown, opts: { continuous?: boolean }) => {
    if (!opts.continuous) return undefined;
    const id = `feed-${++n}`;
    listeners.add(id);
    return { cancel: () => listeners.delete(id) };
  };
  const $t = (fun: (...a: unknown[]) => void) => (...args: unknown[]) => {
    void Promise.resolve().then(() => fun({ txn: {} }, ...args));
  };
  const api: { _changes?: (opts: unknown) => { cancel(): void } | undefined } = {};
  new Function('api', '$t', 'changes', 'idbChanges', 'dbOpts', 'DOC_STORE', definition)(api, $t, changes, {}, {}, 'docs');
  return { api, listeners };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('pouchdb-adapter-indexeddb: cancelled live feeds', () => {
  it('the installed adapter still has the text the fix replaces (else the build fails loudly)', () => {
    expect(source).toContain(ORIGINAL);
    expect(patchIndexeddbAdapter(source)).toContain(PATCHED);
    expect(() => patchIndexeddbAdapter('export default 1;')).toThrow(/pouchdb-adapter-indexeddb changed/);
  });

  it('unpatched, a cancelled live feed keeps its listener; patched, it is removed, also when cancelled before the transaction opened', async () => {
    const before = apiFrom(ORIGINAL);
    expect(before.api._changes!({ continuous: true })).toBeUndefined();
    await tick();
    expect(before.listeners.size).toBe(1); // nothing to cancel it with: the leak

    const after = apiFrom(PATCHED);
    const late = after.api._changes!({ continuous: true })!;
    await tick();
    expect(after.listeners.size).toBe(1);
    late.cancel();
    expect(after.listeners.size).toBe(0);

    const early = after.api._changes!({ continuous: true })!;
    early.cancel(); // before the adapter's transaction opened
    await tick();
    expect(after.listeners.size).toBe(0);
    // A one-shot query still returns nothing, as before.
    expect(after.api._changes!({})).toBeUndefined();
  });
});
