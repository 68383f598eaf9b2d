import { describe, expect, it } from 'vitest';
import { NOW, admin, chatMessage, judgeFor, like, member, other, server, tombstone, visitor } from './validate-support.ts';

const judge = judgeFor('chat');
const m = chatMessage();

describe('chat', () => {
  it('refuses visitors', () => {
    expect(judge(m, null, visitor)).toBe('unauthorized');
    expect(judge(tombstone(m), m, visitor)).toBe('unauthorized');
  });

  it('lets a member post a public message as themself', () => {
    expect(judge(m, null, member)).toBe('allow');
    expect(judge(chatMessage({ sender_id: 'a1' }), null, admin)).toBe('allow');
  });

  it('refuses a message in someone else’s name', () => {
    expect(judge(m, null, other)).toBe('forbidden');
    expect(judge.reason(m, null, other)).toMatch(/sender_id/);
  });

  it('refuses private messages and malformed ones', () => {
    expect(judge(chatMessage({ is_public: false }), null, member)).toBe('forbidden');
    expect(judge(chatMessage({ receiver_id: 'u2' }), null, member)).toBe('forbidden');
    const { receiver_id: _r, ...noReceiver } = m;
    expect(judge(noReceiver, null, member)).toBe('forbidden');
    expect(judge(chatMessage({ content: '   ' }), null, member)).toBe('forbidden');
    expect(judge(chatMessage({ content: 7 }), null, member)).toBe('forbidden');
    expect(judge(chatMessage({ created_at: 'yesterday' }), null, member)).toBe('forbidden');
    expect(judge(chatMessage({ _id: 'message:2020-01-01T00:00:00.000Z:a1' }), null, member)).toBe('forbidden');
    expect(judge(chatMessage({ _id: `message:${NOW}:` }), null, member)).toBe('forbidden');
    expect(judge(chatMessage({ read: 'no' }), null, member)).toBe('forbidden');
    expect(judge(like(), null, member)).toBe('forbidden');
    expect(judge(chatMessage({ is_public: false, receiver_id: 'u2' }), null, server)).toBe('forbidden');
  });

  it('refuses edits by anyone but the server', () => {
    expect(judge({ ...m, content: 'edited' }, m, member)).toBe('forbidden');
    expect(judge({ ...m, content: 'edited' }, m, admin)).toBe('forbidden');
    expect(judge({ ...m, read: true }, m, member)).toBe('forbidden');
    expect(judge({ ...m, content: 'edited' }, m, server)).toBe('allow');
  });

  it('lets the sender or an admin delete a message, nobody else', () => {
    expect(judge(tombstone(m), m, member)).toBe('allow');
    expect(judge(tombstone(m), m, admin)).toBe('allow');
    expect(judge(tombstone(m), m, server)).toBe('allow');
    expect(judge(tombstone(m), m, other)).toBe('forbidden');
  });

  it('refuses a tombstone of a message it does not hold, bare or with a body', () => {
    expect(judge(tombstone(m), null, other)).toBe('forbidden');
    expect(judge(tombstone(m), null, member)).toBe('forbidden');
    expect(judge({ ...m, _deleted: true }, null, member)).toBe('forbidden');
    expect(judge({ _id: '~junk-1', _deleted: true }, null, member)).toBe('forbidden');
    expect(judge(tombstone(m), null, server)).toBe('allow');
  });
});
