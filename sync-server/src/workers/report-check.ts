// ADR 035: a report names a message, and what admins read of it (its words, who sent
// it, whether it was public) comes from the message itself, never from the report: otherwise a
// member could pin made-up words on another member. A private message is looked up in the
// reporter's own userdb, where it was delivered to them; a public one in `chat`. A message
// deleted since is read from its last live body. A report of a message the reporter never
// received is not passed on.
import type { Couch, Doc } from './couch.ts';
import { dbPath } from './couch.ts';
import { lastLiveBody } from './docs.ts';

type Listed = { rows: Array<{ key: string; error?: string; value?: { rev: string; deleted?: boolean }; doc?: Doc | null }> };

/** The message `id` in `db`, as it is or as it was before it was deleted; null when never there. */
async function messageIn(couch: Couch, db: string, id: string): Promise<Doc | null> {
  const listed = await couch.maybe<Listed>('POST', `${dbPath(db)}/_all_docs?include_docs=true`, { keys: [id] });
  const row = listed?.rows[0];
  if (!row?.value) return null;
  if (!row.value.deleted) return row.doc ?? null;
  return lastLiveBody(couch, db, undefined, id, row.value.rev);
}

/** The report with the message's real text and sender; null: the reporter never received it. */
export async function verifiedReport(couch: Couch, reporterDb: string, reporter: string, report: Doc): Promise<Doc | null> {
  const id = report.message_id;
  if (typeof id !== 'string' || !id.startsWith('message:')) return null;
  const delivered = await messageIn(couch, reporterDb, id);
  const received = delivered && delivered.type === 'message' && delivered.is_public !== true && delivered.receiver_id === reporter ? delivered : null;
  const message = received ?? (await messageIn(couch, 'chat', id));
  if (!message || message.type !== 'message' || (message !== received && message.is_public !== true)) return null;
  if (message.sender_id === reporter || typeof message.sender_id !== 'string' || typeof message.content !== 'string') return null;
  return { ...report, message_sender_id: message.sender_id, message_content: message.content, message_is_public: message.is_public === true };
}
