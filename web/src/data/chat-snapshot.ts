// The newest public messages, kept in device storage per member, so that opening Fete Chat
// draws the bottom of the room at once. Reading the whole window (500 messages) from IndexedDB
// takes 100-300 ms on a busy phone (npm run bench -- chat-offline-open); this small copy is read
// in a millisecond and replaced when the full read lands. Like the directory's first page
// (directory-snapshot.ts), it is the member's data: its key starts like the member's databases
// (`{prefix}-u-{id}-`), and sign-out removes every such key (local-dbs.ts).
import type { StorageLike } from './session.ts';

const VERSION = 1;
/** About two screens of messages: small enough to read and draw at once. */
export const CHAT_FIRST_SCREEN = 40;

interface Stored<T> {
  v: number;
  sig: string;
  messages: T[];
}

/** What identifies the stored copy: ids and revisions, so a deletion or a change rewrites it. */
function signature(messages: ReadonlyArray<{ _id: string; _rev?: string }>): string {
  return messages.map((m) => `${m._id}@${m._rev ?? ''}`).join('|');
}

export function readChatSnapshot<T>(storage: StorageLike | null, key: string): T[] | null {
  const raw = storage?.getItem(key);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Stored<T>>;
    return parsed.v === VERSION && Array.isArray(parsed.messages) ? parsed.messages : null;
  } catch {
    return null;
  }
}

/** Saves the newest CHAT_FIRST_SCREEN of a full read (oldest first), unless already stored. */
export function saveChatSnapshot<T extends { _id: string; _rev?: string }>(storage: StorageLike | null, key: string, messages: readonly T[]): void {
  if (!storage) return;
  const last = messages.slice(-CHAT_FIRST_SCREEN);
  const sig = signature(last);
  try {
    const raw = storage.getItem(key);
    if (raw && (JSON.parse(raw) as Partial<Stored<T>>).sig === sig) return;
    storage.setItem(key, JSON.stringify({ v: VERSION, sig, messages: last } satisfies Stored<T>));
  } catch {
    // Full or refused storage: the chat simply waits for the full read.
  }
}
