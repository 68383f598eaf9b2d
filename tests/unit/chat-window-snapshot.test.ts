// The newest public messages kept in device storage, so the chat draws the bottom of the room at
// once on opening (ADR 025: first message list offline within 400 ms with 500 on the device).
import { afterEach, describe, expect, it } from 'vitest';
import { CHAT_FIRST_SCREEN, readChatSnapshot, saveChatSnapshot } from '../../web/src/data/chat-snapshot.ts';
import { repoEnv } from './data-test-env.ts';
import { memoryStorage } from './memory-storage.ts';

const ME = 'aaaa0000aaaa0000aaaa0000aaaa0000';
const YOU = 'bbbb0000bbbb0000bbbb0000bbbb0000';

function message(i: number) {
  const at = new Date(Date.UTC(2026, 10, 21, 10, 0, i)).toISOString();
  return { _id: `message:${at}:r${i}`, type: 'message', content: `m${i}`, sender_id: YOU, receiver_id: null, is_public: true, read: false, created_at: at };
}

type Env = ReturnType<typeof repoEnv>;
let env: Env | undefined;
afterEach(async () => {
  await env?.destroy();
  env = undefined;
});

describe('chat snapshot', () => {
  it('keeps the newest messages of a full read, oldest first, and rewrites only on a change', () => {
    const storage = memoryStorage();
    const writes: string[] = [];
    const spy = { ...storage, setItem: (k: string, v: string) => (writes.push(k), storage.setItem(k, v)) };
    const all = Array.from({ length: CHAT_FIRST_SCREEN + 10 }, (_, i) => ({ ...message(i), _rev: '1-a' }));
    saveChatSnapshot(spy, 'k', all);
    expect(readChatSnapshot<{ _id: string }>(spy, 'k')!.map((m) => m._id)).toEqual(all.slice(10).map((m) => m._id));
    saveChatSnapshot(spy, 'k', all);
    expect(writes).toHaveLength(1);
    // A deletion among the newest changes what is stored.
    saveChatSnapshot(spy, 'k', all.filter((_, i) => i !== all.length - 1));
    expect(writes).toHaveLength(2);
    expect(readChatSnapshot<{ _id: string }>(spy, 'k')!.at(-1)!._id).toBe(all.at(-2)!._id);
  });

  it('a broken, foreign or missing copy reads as none, and blocked storage is harmless', () => {
    const storage = memoryStorage();
    expect(readChatSnapshot(storage, 'k')).toBeNull();
    storage.setItem('k', '{not json');
    expect(readChatSnapshot(storage, 'k')).toBeNull();
    storage.setItem('k', JSON.stringify({ v: 99, messages: [] }));
    expect(readChatSnapshot(storage, 'k')).toBeNull();
    expect(readChatSnapshot(null, 'k')).toBeNull();
    expect(() => saveChatSnapshot(null, 'k', [message(1)])).not.toThrow();
    const full = { ...storage, setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(() => saveChatSnapshot(full, 'k', [message(1)])).not.toThrow();
  });

  it('publicMessages.firstScreen() gives the newest of the last listWithSenders, under the member\'s own key', async () => {
    env = repoEnv(new Date('2026-11-21T12:00:00Z'));
    const space = env.signIn(ME);
    expect(env.repos.publicMessages.firstScreen()).toBeNull();
    await space.dbs.members.put({ _id: `profile:${YOU}`, type: 'profile', user_id: YOU, first_name: 'Ben', last_name: 'X', territory: 'Trinidad and Tobago', locality: 'POS', membership_type: 'gold', membership_expires_at: null, role: 'member', created_at: '2026-01-01T00:00:00.000Z' });
    await space.dbs.chat.bulkDocs(Array.from({ length: CHAT_FIRST_SCREEN + 5 }, (_, i) => message(i)));
    const full = await env.repos.publicMessages.listWithSenders();
    const first = env.repos.publicMessages.firstScreen()!;
    expect(first).toHaveLength(CHAT_FIRST_SCREEN);
    expect(first).toEqual(full.slice(5));
    expect(first[0]!.first_name).toBe('Ben');
    // Named like the member's databases, so sign-out removes it (local-dbs.ts).
    expect(env.storage.getItem(`${env.prefix}-u-${ME}-chat-first-screen`)).not.toBeNull();
  });
});
