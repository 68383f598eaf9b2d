// Public Chat posts per member per minute (ADR 024): a flood in the one room every member
// syncs costs everyone. Counted in new messages (deletions are free) by shared-usage.ts, so all
// servers count together, before the request is forwarded. A batch that does not fit is cut:
// the posts that fit go through, the rest are answered with a per-document 429, so a device
// with a queue of messages written offline delivers them in order as the budget allows, and
// never loops on a batch too big. This file reads requests: how many posts, and the cut.
type BulkBody = { docs: unknown[]; [k: string]: unknown };

/** A live document: a post, or an edit of one (a deletion is free). */
export function isPost(d: unknown): boolean {
  return typeof d === 'object' && d !== null && (d as { _deleted?: unknown })._deleted !== true;
}

/** How many new messages a `chat` write carries: each live document of a `_bulk_docs`, or one PUT/POST. */
export function chatPostsOf(method: string, second: string | undefined, body: unknown): number {
  if (second === '_bulk_docs') {
    const docs = (body as { docs?: unknown } | null)?.docs;
    return Array.isArray(docs) ? docs.filter(isPost).length : 0;
  }
  if (second !== undefined && second.startsWith('_')) return 0;
  if (method === 'PUT' || (method === 'POST' && second === undefined)) return isPost(body) ? 1 : 0;
  return 0;
}

/**
 * Splits a `_bulk_docs` body: deletions and the first `allowed` posts go on, in their order;
 * the ids of the others are returned to be answered as refused.
 */
export function cutBulk(body: BulkBody, allowed: number): { kept: BulkBody; refused: string[] } {
  let left = allowed;
  const docs: unknown[] = [];
  const refused: string[] = [];
  for (const d of body.docs) {
    if (!isPost(d)) docs.push(d);
    else if (left > 0) {
      docs.push(d);
      left--;
    } else refused.push(String((d as { _id?: unknown })._id ?? ''));
  }
  return { kept: { ...body, docs }, refused };
}
