// Fete Chat's pure rules: the spec's relative times against a fixed clock, which
// text becomes a link, the contact list's order and search, the input's placeholder, the delete
// path, "Seen", delivery states, and the send key.
import { describe, expect, it } from 'vitest';
import {
  CHAT_TEXTS,
  canReport,
  contactRows,
  deletePath,
  deleteTexts,
  deliveryState,
  hasUnreadFrom,
  inputPlaceholder,
  isNearBottom,
  isSendKey,
  composerReducer,
  mergeById,
  messageParts,
  messagesToDraw,
  FIRST_PAINT_MESSAGES,
  seenMessageId,
} from '../../web/src/screens/chat/chat-logic.ts';
import type { ContactActivity, ContactPerson, MessageLike } from '../../web/src/screens/chat/chat-logic.ts';
import { formatRelative } from '../../web/src/lib/dates.ts';

const NOW = new Date('2025-03-03T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('formatRelative in chat (spec section 9)', () => {
  it("says 'Just now' under one minute, and for a time slightly ahead of this clock", () => {
    expect(formatRelative(ago(0), NOW)).toBe('Just now');
    expect(formatRelative(ago(59_999), NOW)).toBe('Just now');
    expect(formatRelative(ago(-5_000), NOW)).toBe('Just now');
  });

  it('counts whole minutes under an hour', () => {
    expect(formatRelative(ago(MIN), NOW)).toBe('1 min ago');
    expect(formatRelative(ago(5 * MIN + 30_000), NOW)).toBe('5 min ago');
    expect(formatRelative(ago(HOUR - 1), NOW)).toBe('59 min ago');
  });

  it('counts whole hours under a day', () => {
    expect(formatRelative(ago(HOUR), NOW)).toBe('1 hour ago');
    expect(formatRelative(ago(23 * HOUR + 59 * MIN), NOW)).toBe('23 hours ago');
  });

  it('counts whole days under a week', () => {
    expect(formatRelative(ago(DAY), NOW)).toBe('1 day ago');
    expect(formatRelative(ago(7 * DAY - 1), NOW)).toBe('6 days ago');
  });

  it('shows the long date from seven days on', () => {
    expect(formatRelative(ago(7 * DAY), NOW)).toMatch(/^February 2[34], 2025$/);
    expect(formatRelative('2024-12-25T10:00:00.000Z', NOW)).toBe('December 25, 2024');
  });

  it('says nothing for an unreadable time', () => {
    expect(formatRelative('not a date', NOW)).toBe('');
  });
});

describe('messageParts: only http(s) addresses become links', () => {
  const links = (text: string) => messageParts(text).filter((p) => p.kind === 'link').map((p) => (p.kind === 'link' ? p.href : ''));

  it('turns http and https addresses into links and keeps the rest as text, in order', () => {
    expect(messageParts('see https://fete.example/band?id=1 and http://x.org now')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://fete.example/band?id=1', href: 'https://fete.example/band?id=1' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://x.org', href: 'http://x.org/' },
      { kind: 'text', text: ' now' },
    ]);
  });

  it('leaves sentence punctuation outside the link, but keeps a bracket the address opened', () => {
    expect(messageParts('Go to https://fete.example.')).toEqual([
      { kind: 'text', text: 'Go to ' },
      { kind: 'link', text: 'https://fete.example', href: 'https://fete.example/' },
      { kind: 'text', text: '.' },
    ]);
    expect(links('(https://a.org/x)')).toEqual(['https://a.org/x']);
    expect(links('https://en.wikipedia.org/wiki/Carnival_(disambiguation)')).toEqual(['https://en.wikipedia.org/wiki/Carnival_(disambiguation)']);
  });

  it('never links javascript:, data:, www. without a scheme, or other schemes', () => {
    for (const text of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'www.fete.example',
      'ftp://files.example/x',
      'mailto:a@b.c',
      'JaVaScRiPt:alert(document.cookie)',
    ]) {
      expect(links(text), text).toEqual([]);
      expect(messageParts(text).map((p) => p.text).join('')).toBe(text);
    }
  });

  it('keeps markup as text', () => {
    expect(messageParts('<b>hi</b> <img src=x onerror=alert(1)>')).toEqual([{ kind: 'text', text: '<b>hi</b> <img src=x onerror=alert(1)>' }]);
  });

  it('does not link a scheme with no host', () => {
    expect(links('https:// nothing')).toEqual([]);
  });

  it('gives nothing for empty text', () => {
    expect(messageParts('')).toEqual([]);
  });
});

describe('inputPlaceholder', () => {
  it("is 'Message everyone...' in Public Chat and uses the first name in a private chat", () => {
    expect(inputPlaceholder(null)).toBe('Message everyone...');
    expect(inputPlaceholder({ first_name: 'Ana' })).toBe('Message Ana...');
    expect(inputPlaceholder({ first_name: '  Ana ' })).toBe('Message Ana...');
  });

  it('never says everyone in a private chat with a member without a first name', () => {
    expect(inputPlaceholder({ first_name: '' })).toBe('Message this member...');
    expect(inputPlaceholder({ first_name: null })).toBe('Message this member...');
  });
});

describe('contactRows', () => {
  const person = (id: string, first: string, last: string): ContactPerson => ({ id, first_name: first, last_name: last, search_key: `${first} ${last}`.toLowerCase() });
  // The directory's order: by first name.
  const people = [person('me', 'Aaron', 'Me'), person('b', 'Bea', 'Ross'), person('c', 'Carl', 'Ince'), person('d', 'Dana', 'Joseph'), person('e', 'Eve', 'Ross')];
  const activity = new Map<string, ContactActivity>([
    ['d', { unread: 2, last_message_at: '2025-03-03T10:00:00.000Z' }],
    ['c', { unread: 0, last_message_at: '2025-03-03T11:00:00.000Z' }],
  ]);

  it('lists every other member: recent conversations first (newest first), then by name, with unread counts', () => {
    const rows = contactRows(people, activity, { me: 'me' });
    expect(rows.map((r) => r.id)).toEqual(['c', 'd', 'b', 'e']);
    expect(rows.find((r) => r.id === 'd')).toMatchObject({ unread: 2, last_message_at: '2025-03-03T10:00:00.000Z' });
    expect(rows.find((r) => r.id === 'b')).toMatchObject({ unread: 0, last_message_at: null });
  });

  it('leaves out blocked members', () => {
    expect(contactRows(people, activity, { me: 'me', blocked: new Set(['d', 'e']) }).map((r) => r.id)).toEqual(['c', 'b']);
  });

  it('searches the full name, case-insensitively, across first and last name', () => {
    expect(contactRows(people, activity, { me: 'me', search: 'ross' }).map((r) => r.id)).toEqual(['b', 'e']);
    expect(contactRows(people, activity, { me: 'me', search: '  DANA jos ' }).map((r) => r.id)).toEqual(['d']);
    expect(contactRows(people, activity, { me: 'me', search: 'nobody' })).toEqual([]);
    expect(contactRows(people, activity, { me: 'me', search: 'aaron' })).toEqual([]);
  });
});

const msg = (over: Partial<MessageLike> & { _id: string }): MessageLike => ({ sender_id: 'me', receiver_id: null, is_public: true, read: false, ...over });

describe('deletePath and canReport', () => {
  const member = { id: 'me', isAdmin: false };
  const admin = { id: 'me', isAdmin: true };

  it('deletes my own messages on the device (works offline), public or private', () => {
    expect(deletePath(msg({ _id: '1' }), member)).toBe('local');
    expect(deletePath(msg({ _id: '2', receiver_id: 'x', is_public: false }), member)).toBe('local');
    expect(deletePath(msg({ _id: '3' }), admin)).toBe('local');
  });

  it("lets an admin delete someone else's public message through the server's admin path", () => {
    expect(deletePath(msg({ _id: '1', sender_id: 'other' }), admin)).toBe('admin');
  });

  it("offers no delete for a member on someone else's public message", () => {
    expect(deletePath(msg({ _id: '1', sender_id: 'other' }), member)).toBeNull();
  });

  it('deletes a private message received on the device, from the receiver\'s own inbox (works offline), admin or not', () => {
    const received = msg({ _id: '2', sender_id: 'other', receiver_id: 'me', is_public: false });
    expect(deletePath(received, member)).toBe('local');
    expect(deletePath(received, admin)).toBe('local');
    // Someone else's conversation is never the viewer's to delete.
    expect(deletePath(msg({ _id: '3', sender_id: 'other', receiver_id: 'third', is_public: false }), admin)).toBeNull();
  });

  it('asks a sender whether to delete for everyone, and a receiver whether to delete from their inbox, naming who keeps theirs', () => {
    const sent = msg({ _id: '1', receiver_id: 'ana', is_public: false });
    const received = msg({ _id: '2', sender_id: 'ana', receiver_id: 'me', is_public: false });
    const everyone = { title: 'Delete this message?', message: 'It is removed for everyone in this conversation. This action cannot be undone.' };
    expect(deleteTexts(sent, 'me', 'Ana Lee')).toEqual(everyone);
    expect(deleteTexts(msg({ _id: '3' }), 'me', '')).toEqual(everyone);
    // An admin deleting someone else's public message removes it for everyone too.
    expect(deleteTexts(msg({ _id: '4', sender_id: 'ana' }), 'me', 'Ana Lee')).toEqual(everyone);
    expect(deleteTexts(received, 'me', 'Ana Lee')).toEqual({
      title: 'Delete this message from your inbox?',
      message: 'Ana Lee keeps their copy. This action cannot be undone.',
    });
    // The name not known yet: the sender still keeps theirs.
    expect(deleteTexts(received, 'me', '  ').message).toBe('The sender keeps their copy. This action cannot be undone.');
  });

  it("reports others' messages only", () => {
    expect(canReport(msg({ _id: '1', sender_id: 'other' }), 'me')).toBe(true);
    expect(canReport(msg({ _id: '1' }), 'me')).toBe(false);
  });

});

describe('read state', () => {
  const conv = [
    msg({ _id: 'm1', receiver_id: 'ana', is_public: false, read: true }),
    msg({ _id: 'm2', sender_id: 'ana', receiver_id: 'me', is_public: false, read: false }),
    msg({ _id: 'm3', receiver_id: 'ana', is_public: false, read: true }),
    msg({ _id: 'm4', receiver_id: 'ana', is_public: false, read: false }),
  ];

  it('puts "Seen" under my latest message the other member has read', () => {
    expect(seenMessageId(conv, 'me')).toBe('m3');
    expect(seenMessageId(conv.slice(0, 2), 'me')).toBe('m1');
    expect(seenMessageId([conv[1]!, conv[3]!], 'me')).toBeNull();
  });

  it('knows when opening the conversation has something to mark read', () => {
    expect(hasUnreadFrom(conv, 'ana', 'me')).toBe(true);
    expect(hasUnreadFrom(conv.filter((m) => m._id !== 'm2'), 'ana', 'me')).toBe(false);
  });
});

describe('delivery, merging, scrolling and the send key', () => {
  it('shows a refusal with its reason before waiting, and waiting before sent', () => {
    const pending = new Set(['a', 'b']);
    const denied = new Map([['b', 'Messages are at most 5000 characters']]);
    expect(deliveryState('a', pending, denied)).toEqual({ kind: 'waiting' });
    expect(deliveryState('b', pending, denied)).toEqual({ kind: 'refused', reason: 'Messages are at most 5000 characters' });
    expect(deliveryState('c', pending, denied)).toEqual({ kind: 'sent' });
    // The server could not deliver it: the receiver's account is gone.
    expect(deliveryState('c', pending, denied, 'This member is no longer on Fete')).toEqual({ kind: 'refused', reason: 'This member is no longer on Fete' });
  });

  it('merges older pages with the window: time order (id order), each message once', () => {
    const w = [{ _id: 'message:2025-03-02' }, { _id: 'message:2025-03-03' }];
    const older = [{ _id: 'message:2025-01-01' }, { _id: 'message:2025-03-02' }];
    expect(mergeById(older, w).map((m) => m._id)).toEqual(['message:2025-01-01', 'message:2025-03-02', 'message:2025-03-03']);
  });

  it('draws the newest messages first, and the whole window after the first paint', () => {
    const all = Array.from({ length: 500 }, (_, i) => i);
    expect(messagesToDraw(all, false)).toEqual(all.slice(-FIRST_PAINT_MESSAGES));
    expect(messagesToDraw(all, true)).toHaveLength(500);
    expect(messagesToDraw(all.slice(0, 10), false)).toHaveLength(10);
  });

  it('follows new messages only near the bottom', () => {
    expect(isNearBottom({ scrollTop: 936, clientHeight: 400, scrollHeight: 1400 })).toBe(true);
    expect(isNearBottom({ scrollTop: 500, clientHeight: 400, scrollHeight: 1400 })).toBe(false);
  });

  it('sends on Enter, not on Shift+Enter nor while an input method composes', () => {
    expect(isSendKey({ key: 'Enter', shiftKey: false })).toBe(true);
    expect(isSendKey({ key: 'Enter', shiftKey: true })).toBe(false);
    expect(isSendKey({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false);
    expect(isSendKey({ key: 'a', shiftKey: false })).toBe(false);
  });
});

describe('texts', () => {
  it('are the spec section 8 texts word for word', () => {
    expect(CHAT_TEXTS.loading).toBe('Loading chat...');
    expect(CHAT_TEXTS.clearConfirm).toBe('Are you sure you want to clear all public messages? This action cannot be undone.');
    expect(CHAT_TEXTS.search).toBe('Search users...');
  });

  describe('the composer across a send', () => {
    const typed = (text: string) => ({ type: 'typed' as const, text });
    it('empties as the message goes, and a slow send never clears the next message typed meanwhile', () => {
      let s = composerReducer({ text: '', error: null }, typed('first'));
      s = composerReducer(s, { type: 'sent' });
      expect(s.text).toBe('');
      s = composerReducer(s, typed('second'));
      // The first send confirming later changes nothing: there is no event for it.
      expect(s).toEqual({ text: 'second', error: null });
    });
    it('puts a failed message back, ahead of what was typed since, with the error', () => {
      let s = composerReducer({ text: 'first', error: null }, { type: 'sent' });
      expect(composerReducer(s, { type: 'failed', text: 'first', error: 'Failed' })).toEqual({ text: 'first', error: 'Failed' });
      s = composerReducer(s, typed('second'));
      expect(composerReducer(s, { type: 'failed', text: 'first', error: 'Failed' })).toEqual({ text: 'first\nsecond', error: 'Failed' });
    });
    it('a refused send keeps the text and says why; typing clears the error', () => {
      let s = composerReducer({ text: 'long', error: null }, { type: 'refused', error: 'Too long' });
      expect(s).toEqual({ text: 'long', error: 'Too long' });
      s = composerReducer(s, typed('shorter'));
      expect(s.error).toBeNull();
    });
  });
});
