// One write of several racing ones wins, also on an Apache CouchDB cluster (ADR 039). Shared by
// the auth stores (e-mail claims, token spends) and the backend's leases.
import type { AdminCall } from '../../../couch/src/provision.ts';
import { BackendError } from './backend.ts';
import { revGeneration } from '../../../design-docs/src/ids.ts';

interface StoredDoc {
  _id: string;
  _rev?: string;
  _deleted?: boolean;
  [field: string]: unknown;
}

const enc = encodeURIComponent;

/**
 * A write that at most one of several racing requests may win: claiming an e-mail, spending a
 * refresh or reset token, taking a lease, counting a member's usage. On one node the 409 decides.
 * On a cluster it does not (ADR 039): a write that reached fewer copies than its quorum answers
 * 202, so two racers can each hold a copy (two sign-ups both got an account for one e-mail), and
 * a 201 does not decide either, since a rival's earlier 202 may sit on the one copy that refused
 * ours. So every write is read back from every copy (`r=3`; two copies can miss a third racer's).
 *
 * A rival is a live revision beside ours made on top of what we wrote over (its history holds our
 * parent), or any live one when we created the document. Not rivals: the revision we wrote over
 * (a copy that lags still shows it), a branch the document already had, and a revision that made
 * `sameChange` (two tabs of one app rotating a token to the same successor both win).
 *
 * A racer wins only once it reads no rival, so never two winners: of two racers, the one that
 * reads later sees the other, which either already won (and stays) or withdraws. Facing rivals,
 * the revision CouchDB itself would pick decides: the others withdraw at once, and that one waits
 * a moment for them to go, then withdraws too if one stays (an earlier racer that already won).
 * Both may lose, which is safe (the caller tries again or says so). A withdrawn revision can still
 * be read back for a moment from a copy that lags: a caller must not take it for its own win.
 *
 * On a backend of one copy (`call.singleCopy`) the 201 or 409 decides, and nothing is read back.
 */
export async function putExclusive(
  call: AdminCall,
  db: string,
  doc: StoredDoc,
  sameChange: (rival: StoredDoc) => boolean = () => false,
  waitsMs: readonly number[] = RIVAL_WAITS_MS,
): Promise<{ rev: string } | 'conflict'> {
  const ans = await call('PUT', `/${enc(db)}/${enc(doc._id)}`, doc);
  if (ans.status === 409) return 'conflict';
  if (ans.status !== 201 && ans.status !== 202) throw new BackendError(ans.status, ans.body, `put ${db}/${doc._id}`);
  const rev = String((ans.body as { rev?: unknown }).rev);
  if (ans.status === 201 && (await isSingleCopy(call))) return { rev };
  return readBack(call, db, doc._id, rev, doc._rev, sameChange, waitsMs);
}

/**
 * The read-back of putExclusive, for a revision `rev` already written by other means (a
 * `_bulk_docs` of new documents, each its own race): keeps it if it has no rival, else withdraws
 * it. `parent` is the revision it was written over, undefined for a new document. On a backend
 * of one copy the write itself decided: it is kept without a read.
 */
export async function keepIfExclusive(
  call: AdminCall,
  db: string,
  id: string,
  rev: string,
  parent: string | undefined,
  sameChange: (rival: StoredDoc) => boolean = () => false,
  waitsMs: readonly number[] = RIVAL_WAITS_MS,
): Promise<{ rev: string } | 'conflict'> {
  return (await isSingleCopy(call)) ? { rev } : readBack(call, db, id, rev, parent, sameChange, waitsMs);
}

async function readBack(
  call: AdminCall,
  db: string,
  id: string,
  rev: string,
  parent: string | undefined,
  sameChange: (rival: StoredDoc) => boolean,
  waitsMs: readonly number[],
): Promise<{ rev: string } | 'conflict'> {
  const path = `/${enc(db)}/${enc(id)}`;
  for (let look = 0; ; look++) {
    const rivals = await rivalsOf(call, path, rev, parent, sameChange);
    if (rivals !== null && rivals.length === 0) return { rev };
    const outranked = rivals === null || rivals.some((r) => ranksAbove(r, rev));
    const wait = waitsMs[look];
    if (outranked || wait === undefined) break;
    await new Promise((r) => setTimeout(r, wait));
  }
  await call('DELETE', `${path}?rev=${enc(rev)}`);
  return 'conflict';
}

/** True only when the backend says it keeps one copy of each database (see AdminCall). */
export async function isSingleCopy(call: AdminCall): Promise<boolean> {
  return (await call.singleCopy?.()) === true;
}

/** How long the leading racer waits for the others to withdraw, read after read. */
const RIVAL_WAITS_MS = [20, 40, 80, 160, 320];

/** The rivals' revisions beside `rev`, or null when the leaves could not be read. */
async function rivalsOf(call: AdminCall, path: string, rev: string, parent: string | undefined, sameChange: (rival: StoredDoc) => boolean): Promise<string[] | null> {
  const leaves = await call('GET', `${path}?open_revs=all&revs=true&r=3`);
  if (leaves.status !== 200 || !Array.isArray(leaves.body)) return null;
  const rivals: string[] = [];
  for (const row of leaves.body as { ok?: StoredDoc & { _revisions?: { start: number; ids: string[] } } }[]) {
    const leaf = row.ok;
    if (!leaf || leaf._deleted || leaf._rev === rev || leaf._rev === parent || sameChange(leaf)) continue;
    if (parent !== undefined && !historyOf(leaf._revisions).includes(parent)) continue;
    rivals.push(String(leaf._rev));
  }
  return rivals;
}

function historyOf(revisions: { start: number; ids: string[] } | undefined): string[] {
  if (!revisions) return [];
  return revisions.ids.map((id, i) => `${revisions.start - i}-${id}`);
}

/** CouchDB's own pick among live leaves: the longer history, then the greater hash. */
function ranksAbove(a: string, b: string): boolean {
  const [ga, gb] = [revGeneration(a), revGeneration(b)];
  return ga !== gb ? ga > gb : a.slice(a.indexOf('-') + 1) > b.slice(b.indexOf('-') + 1);
}
