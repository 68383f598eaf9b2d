// Chat. Public messages live in the shared `chat` database (a recent window of it is kept on
// the device); private ones in each member's userdb, where a server worker delivers them to
// the receiver's userdb. Message ids start with the time, so id order is time order.
import type { MessageDoc } from '../../../../design-docs/src/schemas/message.ts';
import type { ProfileDoc } from '../../../../design-docs/src/schemas/profile.ts';
import { MESSAGE_MAX_LENGTH } from '../../../../design-docs/src/constants.ts';
import { messageId, profileId } from '../../../../design-docs/src/ids.ts';
import type { RepoContext } from './context.ts';
import { requireMember } from './context.ts';
import { getItems, listType, toItem } from './query.ts';
import type { Item } from './query.ts';
import { CHAT_WINDOW_MAX, chatWindowCutoff } from '../sync-plan.ts';
import { readChatSnapshot, saveChatSnapshot } from '../chat-snapshot.ts';
import { serverError } from './admin-find.ts';
import { createTypeCache } from './type-cache.ts';

export const CHAT_DELETE_PATH = '/api/functions/chat-delete';
export const CHAT_CLEAR_PATH = '/api/functions/chat-clear';
const CHAT_SNAPSHOT = 'chat-first-screen';

export type Message = Item<MessageDoc>;
export type MessageWithSender = Message & { first_name: string; last_name: string; avatar_url: string | null };

export interface Contact {
  user_id: string;
  unread: number;
  last_message_at: string | null;
}

function content(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) throw new RangeError('Message cannot be empty');
  if (trimmed.length > MESSAGE_MAX_LENGTH) throw new RangeError(`Messages are at most ${MESSAGE_MAX_LENGTH} characters`);
  return trimmed;
}

function newMessage(from: string, to: string | null, text: string, now: Date) {
  const createdAt = now.toISOString();
  return {
    _id: messageId(createdAt),
    type: 'message',
    content: content(text),
    sender_id: from,
    receiver_id: to,
    is_public: to === null,
    read: false,
    created_at: createdAt,
  };
}

export function createPublicMessagesRepo(ctx: RepoContext) {
  /** An admin-only server path (ADR 024); online only. Resolves to how many messages went. */
  async function adminCall(path: string, body: unknown): Promise<number> {
    const me = requireMember(ctx);
    if (!me.isAdmin) throw new Error('Only an admin can do this');
    const res = await ctx.api(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw await serverError(res);
    const answer = (await res.json()) as { deleted?: unknown };
    return typeof answer.deleted === 'number' ? answer.deleted : 0;
  }

  /** The newest CHAT_WINDOW_MAX of the last CHAT_WINDOW_DAYS, oldest first (where purge is missing, more are stored). */
  async function list(): Promise<Message[]> {
    const me = ctx.member();
    if (!me) return [];
    const res = await me.dbs.chat.allDocs({
      include_docs: true,
      descending: true,
      startkey: 'message:\ufff0',
      endkey: `message:${chatWindowCutoff(ctx.now())}`,
      limit: CHAT_WINDOW_MAX,
    });
    const out: Message[] = [];
    for (let i = res.rows.length - 1; i >= 0; i--) {
      const doc = res.rows[i]?.doc;
      if (doc) out.push(toItem(doc as unknown as MessageDoc));
    }
    return out;
  }

  return {
    /** The window kept on the device, oldest first. */
    list,

    /** Oldest first, with the sender's name and avatar (the spec's joined view). */
    async listWithSenders(): Promise<MessageWithSender[]> {
      const me = ctx.member();
      if (!me) return [];
      const messages = await list();
      const profiles = await getItems<ProfileDoc>(me.dbs.members, [...new Set(messages.map((m) => profileId(m.sender_id)))]);
      const joined = messages.map((m) => {
        const p = profiles.get(profileId(m.sender_id));
        return { ...m, first_name: p?.first_name ?? '', last_name: p?.last_name ?? '', avatar_url: p?.avatar_url ?? null };
      });
      saveChatSnapshot(ctx.storage(), ctx.memberKey(me.userId, CHAT_SNAPSHOT), joined);
      return joined;
    },

    /**
     * The newest messages of the last full read (listWithSenders), from device storage: for the
     * chat to draw the bottom of the room at once while the full read runs. Null when none.
     */
    firstScreen(): MessageWithSender[] | null {
      const me = ctx.member();
      return me ? readChatSnapshot<MessageWithSender>(ctx.storage(), ctx.memberKey(me.userId, CHAT_SNAPSHOT)) : null;
    },

    /**
     * Online: up to `limit` public messages from before `beforeId` (the oldest one shown), read
     * from the server, oldest first. They stay in memory; the device keeps only its window.
     */
    async older(beforeId: string, limit: number = 100): Promise<Message[]> {
      requireMember(ctx);
      const res = await ctx.remote('chat').allDocs({
        include_docs: true,
        descending: true,
        startkey: beforeId,
        endkey: 'message:',
        limit: limit + 1,
      });
      const rows = res.rows.filter((r) => r.id !== beforeId && r.doc).slice(0, limit);
      return rows.reverse().map((r) => toItem(r.doc as unknown as MessageDoc));
    },

    async send(text: string): Promise<string> {
      const me = requireMember(ctx);
      const doc = newMessage(me.userId, null, text, ctx.now());
      await me.write.put('chat', doc);
      return doc._id;
    },

    /** The sender's own message, or any for an admin (the server checks the same). */
    async remove(id: string): Promise<void> {
      const me = requireMember(ctx);
      const doc = (await me.dbs.chat.get(id)) as unknown as MessageDoc & { _rev: string };
      if (doc.sender_id !== me.userId && !me.isAdmin) throw new Error('Only the sender or an admin can delete this message');
      await me.write.remove('chat', id, doc._rev);
    },

    /**
     * Admin: deletes anyone's public message on the server (`chat-delete`); the deletion then
     * reaches every device, this one included, through the live pull.
     */
    async adminDelete(id: string): Promise<void> {
      await adminCall(CHAT_DELETE_PATH, { messageId: id });
    },

    /** Admin: deletes every public message on the server (`chat-clear`); resolves to how many. */
    async adminClear(): Promise<number> {
      return adminCall(CHAT_CLEAR_PATH, {});
    },

    /** Admin: clears every public message on the device's copy and, through the push, the server. */
    async clearAll(): Promise<number> {
      const me = requireMember(ctx);
      if (!me.isAdmin) throw new Error('Only an admin can clear the public chat');
      const all = await listType<MessageDoc>(me.dbs.chat, 'message');
      for (const m of all) await me.write.remove('chat', m._id, m._rev as string);
      return all.length;
    },
  };
}

export function createPrivateMessagesRepo(ctx: RepoContext) {
  const messages = createTypeCache<MessageDoc>('message');
  async function all(): Promise<Message[]> {
    const me = ctx.member();
    return me ? (await messages.list(me.dbs.userdb)).filter((m) => !m.is_public) : [];
  }

  return {
    /** Both directions with one member, oldest first. */
    async conversation(otherUserId: string): Promise<Message[]> {
      const me = ctx.member();
      if (!me) return [];
      return (await all()).filter(
        (m) => (m.sender_id === me.userId && m.receiver_id === otherUserId) || (m.sender_id === otherUserId && m.receiver_id === me.userId),
      );
    },

    async send(receiverId: string, text: string): Promise<string> {
      const me = requireMember(ctx);
      const doc = newMessage(me.userId, receiverId, text, ctx.now());
      await me.write.put('userdb', doc);
      return doc._id;
    },

    /** Unread incoming messages, newest first (the profile menu groups them per sender). */
    async unread(): Promise<Message[]> {
      const me = ctx.member();
      if (!me) return [];
      return (await all()).filter((m) => m.receiver_id === me.userId && !m.read).reverse();
    },

    /** Opening a conversation marks that sender's messages to me read. */
    async markRead(senderId: string): Promise<number> {
      const me = requireMember(ctx);
      const unread = (await all()).filter((m) => m.sender_id === senderId && m.receiver_id === me.userId && !m.read);
      for (const m of unread) {
        const { id: _spec, ...doc } = m;
        await me.write.put('userdb', { ...doc, read: true });
      }
      return unread.length;
    },

    /** Per other member: unread count and the time of the last message either way. */
    async contacts(): Promise<Map<string, Contact>> {
      const me = ctx.member();
      const out = new Map<string, Contact>();
      if (!me) return out;
      for (const m of await all()) {
        const other = m.sender_id === me.userId ? m.receiver_id : m.sender_id;
        if (!other) continue;
        const c = out.get(other) ?? { user_id: other, unread: 0, last_message_at: null };
        if (m.receiver_id === me.userId && !m.read) c.unread++;
        if (!c.last_message_at || m.created_at > c.last_message_at) c.last_message_at = m.created_at;
        out.set(other, c);
      }
      return out;
    },

    /**
     * Deletes a message from my userdb: one I sent (the server then removes the receiver's copy),
     * or my copy of one I received (the sender keeps theirs, ADR 052).
     */
    async remove(id: string): Promise<void> {
      const me = requireMember(ctx);
      const doc = (await me.dbs.userdb.get(id)) as unknown as MessageDoc & { _rev: string };
      if (doc.sender_id !== me.userId && doc.receiver_id !== me.userId) throw new Error('Only the sender or the receiver can delete this message');
      await me.write.remove('userdb', id, doc._rev);
    },
  };
}
