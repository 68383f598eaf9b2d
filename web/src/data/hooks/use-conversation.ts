// One conversation as the chat draws it: the public room (`otherId` null) or a private one.
// Which databases hold it, which document types matter and when to read again stay here, so the
// screen asks for a conversation and re-renders by itself when replication, a send or a deletion
// changes it (live queries, no polling and no forced re-reads).
import { useCallback, useMemo, useState } from 'react';
import { useDataLayer, useLiveQuery, useSyncStatus } from '../react.ts';
import type { MemberDbKey } from '../local-dbs.ts';
import type { Message } from '../repos/messages.ts';
import type { DirectoryEntry } from '../repos/profiles.ts';
import { useMemberProfile } from './use-profile.ts';

/** A message; in the public room with its sender's name and avatar as the device knows them. */
export type ConversationMessage = Message & { first_name?: string; last_name?: string; avatar_url?: string | null };

export interface ConversationData {
  /** Oldest first; undefined until the first read. */
  messages: ConversationMessage[] | undefined;
  error: unknown;
  /** The other member's profile as the device holds it; null for the public room or when missing. */
  other: DirectoryEntry | null;
  /** Whether the other member's profile is still being read. */
  otherLoading: boolean;
  /** My messages here that wait for the server. */
  pending: ReadonlySet<string>;
  /** My messages here the server refused, with its reason. */
  denied: ReadonlyMap<string, string>;
  /** Resolves once the message is kept on the device. */
  send(text: string): Promise<void>;
  /** Deletes the device's copy (the push carries the deletion) and forgets a refusal of it. */
  removeLocal(message: ConversationMessage): Promise<void>;
  /** Marks the other member's messages to me read (a private conversation only). */
  markRead(): Promise<void>;
  /** Pulls now where there is a signal, then reads the conversation again. */
  refresh(): Promise<void>;
}

export function useConversation(otherId: string | null, me: string): ConversationData {
  const data = useDataLayer();
  const status = useSyncStatus();
  const db: MemberDbKey = otherId === null ? 'chat' : 'userdb';
  // The newest public messages as last seen, drawn at once while the device reads the window.
  const [initialData] = useState(() => (otherId === null ? (data.publicMessages.firstScreen() ?? undefined) : undefined));

  const query = useLiveQuery<ConversationMessage[]>(
    () => (otherId === null ? data.publicMessages.listWithSenders() : data.privateMessages.conversation(otherId)),
    [otherId, me],
    { dbs: otherId === null ? ['chat', 'members'] : ['userdb'], types: ['message', 'profile'], initialData },
  );
  // One read, not the whole directory: the conversation shows without waiting for the contacts.
  const otherQuery = useMemberProfile(otherId);

  const pending = useMemo(() => new Set(status.pendingItems.filter((p) => p.db === db).map((p) => p.id)), [status.pendingItems, db]);
  const denied = useMemo(() => new Map(status.denied.filter((d) => d.db === db).map((d) => [d.id, d.reason])), [status.denied, db]);

  const send = useCallback(
    async (text: string) => {
      if (otherId === null) await data.publicMessages.send(text);
      else await data.privateMessages.send(otherId, text);
    },
    [data, otherId],
  );

  const removeLocal = useCallback(
    async (m: ConversationMessage) => {
      if (m.is_public) await data.publicMessages.remove(m._id);
      else await data.privateMessages.remove(m._id);
      if (denied.has(m._id)) await data.dismissDenied(db, m._id);
    },
    [data, denied, db],
  );

  const markRead = useCallback(async () => {
    if (otherId !== null) await data.privateMessages.markRead(otherId);
  }, [data, otherId]);

  const refresh = useCallback(async () => {
    try {
      await data.syncNow();
    } catch {
      // Offline: the device's messages are all there is; the status shows it.
    }
    // A trim of the public room's window is a purge, which leaves no change in the feed: tell
    // the live queries over this conversation's database to read it again.
    data.hub.emit(db);
  }, [data, db]);

  return {
    messages: query.data,
    error: query.error,
    other: otherQuery.data ?? null,
    otherLoading: otherQuery.loading,
    pending,
    denied,
    send,
    removeLocal,
    markRead,
    refresh,
  };
}
