// A build-time fix of pouchdb-adapter-indexeddb 9.0.0 (ADR 034): its `_changes` runs inside an
// asynchronous transaction wrapper and drops the `{ cancel }` handle a live feed returns, so
// PouchDB core cannot remove the feed's listener when it is cancelled. Every cancelled live feed
// (each sync restart or retry cancels the replicator's) then stays registered, re-reads the
// database on every write, and past ten the console says "possible EventEmitter memory leak".
// The same bug was fixed in the older idb adapter (PouchDB pull request 6504). Here the live
// feed gets a handle at once that cancels the adapter's when it arrives.
import type { Plugin } from 'vite';
import { adapterPatchPlugin, applyAdapterPatch } from './adapter-source-patch.ts';
import type { AdapterSourcePatch } from './adapter-source-patch.ts';

export const ORIGINAL = `  api._changes = $t(function (txn, opts) {
    changes(txn, idbChanges, api, dbOpts, opts);
  }, [DOC_STORE]);`;

export const PATCHED = `  const changesInTxn = $t(function (txn, opts, handle) {
    const inner = changes(txn, idbChanges, api, dbOpts, opts);
    if (handle) handle.set(inner);
  }, [DOC_STORE]);
  api._changes = function (opts) {
    if (!opts.continuous) return changesInTxn(opts);
    let inner = null;
    let cancelled = false;
    const handle = {
      set(value) {
        inner = value;
        if (cancelled && inner) inner.cancel();
      },
      cancel() {
        cancelled = true;
        if (inner) inner.cancel();
      },
    };
    changesInTxn(opts, handle);
    return handle;
  };`;

const CANCEL: AdapterSourcePatch = {
  original: ORIGINAL,
  patched: PATCHED,
  whenChanged: 'check whether a cancelled live changes feed still leaks its listener (web/build/pouchdb-indexeddb-cancel.ts)',
};

/** Rewrites the adapter's source; throws when it is not the text this fix was written for. */
export function patchIndexeddbAdapter(code: string): string {
  return applyAdapterPatch(code, CANCEL);
}

export function pouchdbIndexeddbCancel(): Plugin {
  return adapterPatchPlugin('fete-pouchdb-indexeddb-cancel', CANCEL);
}
