// The admins' chat moderation (ADR 024): delete any Public Chat message, or clear the room.
// Members delete their own messages on their device (it works offline); removing someone
// else's is an admin's act, so it goes through the server, which alone answers for it.
import type { ServerContext } from '../context.ts';
import { BackendError, couchFor, docPath, type Doc } from '../workers/couch.ts';

export const CHAT_DB = 'chat';
/** Messages deleted per request to the backend when clearing: bounded bodies and answers. */
export const CLEAR_BATCH = 500;

/** Deletes one public message; 'not_found' when the room has no such message. */
export async function deleteChatMessage(ctx: ServerContext, messageId: string): Promise<'deleted' | 'not_found'> {
  const couch = couchFor(ctx.adminCall);
  for (let attempt = 0; attempt < 5; attempt++) {
    const doc = await couch.maybe<Doc>('GET', docPath(CHAT_DB, messageId));
    if (doc === null || doc._deleted || doc.type !== 'message') return 'not_found';
    const ans = await couch
      .maybe('DELETE', `${docPath(CHAT_DB, messageId)}?rev=${encodeURIComponent(doc._rev as string)}`)
      .catch((err: unknown) => {
        if (err instanceof BackendError && err.status === 409) return 'conflict' as const;
        throw err;
      });
    if (ans === null) return 'not_found';
    if (ans !== 'conflict') return 'deleted';
  }
  throw new BackendError(409, null, `delete ${messageId} in ${CHAT_DB} keeps conflicting`);
}

interface AllDocs {
  rows: { id: string; value: { rev: string } }[];
}

/** Deletes every public message, a batch at a time; returns how many went. */
export async function clearChat(ctx: ServerContext, batch: number = CLEAR_BATCH): Promise<number> {
  const couch = couchFor(ctx.adminCall);
  let deleted = 0;
  // Each pass removes what it lists, so the next one lists the rest; the cap only guards
  // against a backend that keeps answering with the same rows.
  for (let pass = 0; pass < 10_000; pass++) {
    const page = await couch.json<AllDocs>('POST', `/${CHAT_DB}/_all_docs`, { startkey: 'message:', endkey: 'message:\ufff0', limit: batch });
    if (page.rows.length === 0) return deleted;
    const results = await couch.json<{ id: string; ok?: boolean; error?: string }[]>(
      'POST',
      `/${CHAT_DB}/_bulk_docs`,
      { docs: page.rows.map((r) => ({ _id: r.id, _rev: r.value.rev, _deleted: true })) },
      [200, 201, 202], // 202: written on fewer copies than a quorum; a cluster copies it on
    );
    // A conflict is a message someone deleted meanwhile: listed again, or gone, next pass.
    const failed = results.find((r) => r.error !== undefined && r.error !== 'conflict');
    if (failed) throw new BackendError(500, failed, `clear ${CHAT_DB}: ${failed.id}`);
    deleted += results.filter((r) => r.error === undefined).length;
  }
  return deleted;
}
