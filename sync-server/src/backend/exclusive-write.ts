// One write of several racing ones wins, also on an Apache CouchDB cluster (ADR 039). Shared by
// the auth stores (e-mail claims, token spends) and the backend's leases.
import type { AdminCall } from '../../../couch/src/provision.ts';
import { BackendError } from './backend.ts';

interface StoredDoc {
  _id: string;
  _rev?: string;
  _deleted?: boolean;
  [field: string]: unknown;
}

const enc = encodeURIComponent;

/**
 * A write that at most one of several racing requests may win: claiming an e-mail, spending a
 * refresh or reset token, taking a lease. On one node the 409 decides. On a cluster a write that
 * reached fewer copies than its quorum answers 202: two racers can then each hold a copy, and the
 * 409 no longer decides (two sign-ups both got an account for one e-mail). So a 202 is read back:
 * if a rival revision stands beside ours, ours is withdrawn and the write counts as lost. A racer
 * reads only after its own write landed, so of two racers the later sees the other: never two
 * winners. Both may lose, which is safe (the person tries again). The revision we wrote over (a
 * copy that lags still shows it) is no rival, nor is one that made `sameChange` (two tabs of one
 * app rotating a token to the same successor both win).
 */
export async function putExclusive(
  call: AdminCall,
  db: string,
  doc: StoredDoc,
  sameChange: (rival: StoredDoc) => boolean = () => false,
): Promise<{ rev: string } | 'conflict'> {
  const path = `/${enc(db)}/${enc(doc._id)}`;
  const ans = await call('PUT', path, doc);
  if (ans.status === 409) return 'conflict';
  if (ans.status !== 201 && ans.status !== 202) throw new BackendError(ans.status, ans.body, `put ${db}/${doc._id}`);
  const rev = String((ans.body as { rev?: unknown }).rev);
  if (ans.status === 201) return { rev };
  const leaves = await call('GET', `${path}?open_revs=all`);
  const rows = Array.isArray(leaves.body) ? (leaves.body as { ok?: StoredDoc }[]) : [];
  const rivals = rows.filter((r) => r.ok && !r.ok._deleted && r.ok._rev !== rev && r.ok._rev !== doc._rev && !sameChange(r.ok));
  if (leaves.status === 200 && rivals.length === 0) return { rev };
  await call('DELETE', `${path}?rev=${enc(rev)}`);
  return 'conflict';
}
