// A lease between Fete servers sharing one CouchDB (ADR 016): a `lease:{name}` document in
// `accounts`, taken by creating it. CouchDB's `_local` documents take any write, whatever its
// revision, so only a normal document's 409 can say "someone else has it". A lease runs out at
// `expires_at`, so a holder that died frees it; the same holder (same host, port and data
// folder: a restart of that server) takes it back at once.
import os from 'node:os';
import type { AdminCall } from '../../../couch/src/provision.ts';
import { BackendError } from './backend.ts';
import { putExclusive } from './exclusive-write.ts';

const ACCOUNTS_DB = 'accounts';

interface LeaseDoc {
  _id: string;
  _rev?: string;
  type: 'lease';
  holder: string;
  expires_at: string;
}

export interface Lease {
  /** Gives the lease up; a lease that was meanwhile taken over is left to its new holder. */
  release(): Promise<void>;
}

/** Who this server is to a lease: a restart of the same server is the same holder. */
export function holderOf(port: number, dataDir: string): string {
  return `${os.hostname()}:${port}:${dataDir}`;
}

/** Two servers racing for a lease on a cluster must not both win it: see putExclusive. */
async function put(call: AdminCall, doc: LeaseDoc): Promise<string | 'conflict'> {
  const res = await putExclusive(call, ACCOUNTS_DB, { ...doc });
  return res === 'conflict' ? res : res.rev;
}

/** The lease, or null while another live holder has it. */
export async function takeLease(call: AdminCall, name: string, holder: string, ttlMs: number, now = () => Date.now()): Promise<Lease | null> {
  const id = `lease:${name}`;
  const fresh = (): LeaseDoc => ({ _id: id, type: 'lease', holder, expires_at: new Date(now() + ttlMs).toISOString() });
  let rev = await put(call, fresh());
  if (rev === 'conflict') {
    const current = await call('GET', `/${ACCOUNTS_DB}/${encodeURIComponent(id)}`);
    if (current.status !== 200) return null; // released or changing under us: not ours this time
    const doc = current.body as LeaseDoc;
    const lapsed = Date.parse(doc.expires_at) <= now();
    if (doc.holder !== holder && !lapsed) return null;
    rev = await put(call, { ...fresh(), _rev: doc._rev as string });
    if (rev === 'conflict') return null; // another server took it over first
  }
  let held = rev;
  return {
    async release() {
      const ans = await call('DELETE', `/${ACCOUNTS_DB}/${encodeURIComponent(id)}?rev=${encodeURIComponent(held)}`);
      if (ans.status !== 200 && ans.status !== 202 && ans.status !== 404 && ans.status !== 409) {
        throw new BackendError(ans.status, ans.body, `release ${id}`);
      }
      held = '';
    },
  };
}
