// A rewrite of pouchdb-adapter-indexeddb's source at build time (ADR 034, ADR 061): the text it
// replaces, what replaces it, and a loud failure when an update of the adapter changed that text.
import type { Plugin } from 'vite';

const ADAPTER_SOURCE = /pouchdb-adapter-indexeddb[\\/]lib[\\/]index\.es\.js$/;

export interface AdapterSourcePatch {
  original: string;
  patched: string;
  /** What to check when the adapter no longer has `original`: the build stops with it. */
  whenChanged: string;
}

/** Rewrites the adapter's source; throws when it is not the text the patch was written for. */
export function applyAdapterPatch(code: string, patch: AdapterSourcePatch): string {
  if (!code.includes(patch.original)) throw new Error(`pouchdb-adapter-indexeddb changed: ${patch.whenChanged}`);
  return code.replace(patch.original, patch.patched);
}

export function adapterPatchPlugin(name: string, patch: AdapterSourcePatch): Plugin {
  return {
    name,
    enforce: 'pre',
    transform(code, id) {
      if (!ADAPTER_SOURCE.test(id)) return null;
      return { code: applyAdapterPatch(code, patch), map: null };
    },
  };
}
