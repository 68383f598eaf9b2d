import type { AdminCall } from '../../../couch/src/provision.ts';
import type { Backend } from './backend.ts';

/**
 * How long an Apache CouchDB's node count is trusted before it is asked again: a node can join a
 * running deployment, and from then on its writes are read back (ADR 039).
 */
export const NODES_TRUSTED_MS = 60_000;

/** Adapts the backend's admin fetch to the small JSON call provisioning and management use. */
export function adminCallFor(backend: Backend): AdminCall {
  const call = async (method: string, path: string, body?: unknown) => {
    const init: RequestInit = { method, headers: { accept: 'application/json' } };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { accept: 'application/json', 'content-type': 'application/json' };
    }
    const res = await backend.adminFetch(path, init);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Non-JSON answers are kept as text for the error message.
    }
    return { status: res.status, body: parsed };
  };
  return Object.assign(call, { singleCopy: singleCopyOf(backend) });
}

/**
 * The embedded backend keeps one copy. Apache CouchDB keeps one when it is one node: a database's
 * copies are at most its cluster's nodes (`cluster_nodes`, the members, up or down). Until the
 * answer is known, or when asking fails, the backend counts as a cluster: a read-back too many
 * costs a request, one too few could let two racers both win.
 */
function singleCopyOf(backend: Backend): () => Promise<boolean> {
  if (backend.kind === 'embedded') return () => Promise.resolve(true);
  let known: { single: boolean; at: number } | null = null;
  let asking: Promise<boolean> | null = null;
  const ask = async (): Promise<boolean> => {
    try {
      const res = await backend.adminFetch('/_membership', { headers: { accept: 'application/json' } });
      if (!res.ok) {
        await res.body?.cancel();
        return false;
      }
      const nodes = ((await res.json()) as { cluster_nodes?: unknown }).cluster_nodes;
      const single = Array.isArray(nodes) && nodes.length === 1;
      known = { single, at: Date.now() };
      return single;
    } catch {
      return false;
    } finally {
      asking = null;
    }
  };
  return () => {
    if (known && Date.now() - known.at < NODES_TRUSTED_MS) return Promise.resolve(known.single);
    asking ??= ask();
    return asking;
  };
}
