// A page of one form's submissions for Form Submissions (ADR 038): newest first, read
// from `submissions` through its `formid-createdat` index a batch at a time, searched here with
// the screen's rule, so the app never loads a form's whole list. A page ends after `limit`
// matches, or after SCAN_LIMIT submissions were read (a rare search goes on with Show more), and
// says where it ended: the `createdat` of the last one read and the ids read at that moment.
import type { AdminCall } from '../../../couch/src/provision.ts';
import { profileId } from '../../../design-docs/src/ids.ts';
import type { AdminSubmissionsPage } from '../../../design-docs/src/schemas/api.ts';
import { UNKNOWN_SUBMITTER, matchesQuery, normalisedQuery, submissionSearchText } from '../../../design-docs/src/submission-search.ts';
import { BackendError } from '../backend/backend.ts';
import { ApiError } from '../http-errors.ts';

/** Submissions asked of the backend at a time. */
export const SCAN_BATCH = 500;
/** Submissions read for one page at most: a search that matches little answers within a second (about 140 ms per 500 on the embedded engine). */
export const SCAN_LIMIT = 2_000;

type Submission = AdminSubmissionsPage['submissions'][number];

interface Position {
  /** `createdat` of the last submission read. */
  at: string;
  /** Ids read with that `createdat` (they are skipped when the next page asks from it again). */
  ids: string[];
}

export function encodeCursor(p: Position): string {
  return Buffer.from(JSON.stringify(p)).toString('base64url');
}

export function decodeCursor(raw: string | undefined): Position | null {
  if (!raw) return null;
  try {
    const p = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Position;
    if (typeof p.at === 'string' && Array.isArray(p.ids) && p.ids.every((id) => typeof id === 'string')) return p;
  } catch {
    // falls through to the refusal
  }
  throw new ApiError(400, 'invalid_cursor', 'That is not a page of this list');
}

async function names(call: AdminCall, userIds: string[], known: Map<string, string>): Promise<void> {
  const missing = [...new Set(userIds)].filter((id) => !known.has(id));
  for (let i = 0; i < missing.length; i += 500) {
    const keys = missing.slice(i, i + 500).map(profileId);
    const ans = await call('POST', '/members/_all_docs', { keys, include_docs: true });
    if (ans.status !== 200) throw new BackendError(ans.status, ans.body, 'submitters\' names');
    for (const row of (ans.body as { rows?: { doc?: { user_id?: string; first_name?: string; last_name?: string } | null }[] }).rows ?? []) {
      const p = row.doc;
      if (p?.user_id) known.set(p.user_id, `${p.first_name ?? ''} ${p.last_name ?? ''}`.trim());
    }
    // Deleted accounts have no profile: remembered as nameless, so they are not asked again.
    for (const key of keys) {
      const id = key.slice('profile:'.length);
      if (!known.has(id)) known.set(id, '');
    }
  }
}

export async function submissionsPage(call: AdminCall, formid: string, query: string, cursor: string | undefined, limit: number): Promise<AdminSubmissionsPage> {
  const q = normalisedQuery(query);
  let pos = decodeCursor(cursor);
  const known = new Map<string, string>();
  const out: Submission[] = [];
  let scanned = 0;
  for (;;) {
    const seen = new Set(pos?.ids ?? []);
    const ans = await call('POST', '/submissions/_find', {
      selector: { formid, createdat: pos ? { $lte: pos.at } : { $gt: null } },
      sort: [{ formid: 'desc' }, { createdat: 'desc' }],
      use_index: 'idx-formid-createdat',
      limit: SCAN_BATCH + seen.size,
    });
    if (ans.status !== 200) throw new BackendError(ans.status, ans.body, 'a form\'s submissions');
    const got = ((ans.body as { docs?: Submission[] }).docs ?? []);
    const batch = got.filter((d) => !seen.has(d._id));
    if (q) await names(call, batch.map((d) => d.userid), known);
    for (const doc of batch) {
      scanned++;
      pos = pos && pos.at === doc.createdat ? { at: pos.at, ids: [...pos.ids, doc._id] } : { at: doc.createdat, ids: [doc._id] };
      if (!q || matchesQuery(submissionSearchText(doc, known.get(doc.userid) || UNKNOWN_SUBMITTER), q)) out.push(doc);
      if (out.length >= limit || scanned >= SCAN_LIMIT) {
        // More may follow; an empty next page is how the end is found then.
        return finish(call, out, known, q, pos ? encodeCursor(pos) : null);
      }
    }
    if (got.length < SCAN_BATCH + seen.size) return finish(call, out, known, q, null);
  }
}

async function finish(call: AdminCall, subs: Submission[], known: Map<string, string>, q: string, next: string | null): Promise<AdminSubmissionsPage> {
  if (!q) await names(call, subs.map((d) => d.userid), known);
  const named: Record<string, string> = {};
  for (const s of subs) {
    const name = known.get(s.userid);
    if (name) named[s.userid] = name;
  }
  return { submissions: subs, names: named, next };
}
