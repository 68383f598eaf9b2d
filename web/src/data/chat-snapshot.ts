// The newest public messages, kept in device storage per member, so that opening Fete Chat
// draws the bottom of the room at once. Reading the whole window (500 messages) from IndexedDB
// takes 100-300 ms on a busy phone (npm run bench -- chat-offline-open); this small copy is read
// in a millisecond and replaced when the full read lands (first-screen-snapshot.ts).
import type { StorageLike } from './storage.ts';
import { isListOf, readSnapshot, writeSnapshot } from './first-screen-snapshot.ts';

const VERSION = 2;
/** About two screens of messages: small enough to read and draw at once. */
export const CHAT_FIRST_SCREEN = 40;

const isMessageList = isListOf('_id');

export function readChatSnapshot<T>(storage: StorageLike | null, key: string): T[] | null {
  return readSnapshot(storage, key, VERSION, isMessageList) as T[] | null;
}

/** Saves the newest CHAT_FIRST_SCREEN of a full read (oldest first), unless already stored. */
export function saveChatSnapshot<T extends { _id: string; _rev?: string }>(storage: StorageLike | null, key: string, messages: readonly T[]): void {
  writeSnapshot(storage, key, VERSION, messages.slice(-CHAT_FIRST_SCREEN));
}
