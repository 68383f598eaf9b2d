// The conversation panel's pure decisions: the names it shows (sender, heading, report dialog),
// which messages show once older pages are merged and blocks applied, and when Delete shows.
import { describe, expect, it } from 'vitest';
import { canDelete, fullName, otherName, reportedName, senderOf, visibleMessages } from '../../web/src/screens/chat/conversation-logic.ts';

interface Msg {
  _id: string;
  sender_id: string;
  receiver_id: string | null;
  is_public: boolean;
  first_name?: string;
  last_name?: string;
  avatar_url?: string | null;
}

const pub = (id: string, sender: string, extra: Partial<Msg> = {}): Msg => ({ _id: `message:${id}`, sender_id: sender, receiver_id: null, is_public: true, ...extra });
const priv = (id: string, sender: string, receiver: string): Msg => ({ _id: `message:${id}`, sender_id: sender, receiver_id: receiver, is_public: false });

const people = new Map([
  ['ann', { first_name: 'Ann', last_name: 'Lee', avatar_url: 'ann.png' }],
  ['bob', { first_name: 'Bob', last_name: '', avatar_url: null }],
]);

describe('fullName', () => {
  it('joins the parts it has, and is empty for nobody', () => {
    expect(fullName({ first_name: 'Ann', last_name: 'Lee' })).toBe('Ann Lee');
    expect(fullName({ first_name: 'Bob', last_name: null })).toBe('Bob');
    expect(fullName({})).toBe('');
    expect(fullName(null)).toBe('');
    expect(fullName(undefined)).toBe('');
  });
});

describe('otherName', () => {
  it('is the name when known, empty while the profile is read, then "A member"', () => {
    expect(otherName({ first_name: 'Ann', last_name: 'Lee' }, true)).toBe('Ann Lee');
    expect(otherName(null, true)).toBe('');
    expect(otherName(null, false)).toBe('A member');
    expect(otherName({ first_name: '', last_name: '' }, false)).toBe('A member');
  });
});

describe('senderOf', () => {
  it('is null for a private message', () => {
    expect(senderOf(priv('1', 'ann', 'me'), people)).toBeNull();
  });

  it("prefers the name the read joined to the message over the directory's", () => {
    expect(senderOf(pub('1', 'ann', { first_name: 'Annie', last_name: '', avatar_url: null }), people)).toEqual({ name: 'Annie', avatarUrl: null });
  });

  it('falls back to the directory, then to "A member" with no avatar', () => {
    expect(senderOf(pub('1', 'ann'), people)).toEqual({ name: 'Ann Lee', avatarUrl: 'ann.png' });
    expect(senderOf(pub('1', 'zed'), people)).toEqual({ name: 'A member', avatarUrl: null });
    // A joined read that found no profile: empty names, so "A member" rather than the directory.
    expect(senderOf(pub('1', 'ann', { first_name: '', last_name: '', avatar_url: null }), people)).toEqual({ name: 'A member', avatarUrl: null });
  });
});

describe('reportedName', () => {
  it("names a public message's sender, a private one's other member, else 'this member'", () => {
    expect(reportedName(pub('1', 'ann'), people, null)).toBe('Ann Lee');
    expect(reportedName(pub('1', 'zed'), people, null)).toBe('A member');
    expect(reportedName(priv('1', 'bob', 'me'), people, { first_name: 'Bob', last_name: 'Ray' })).toBe('Bob Ray');
    expect(reportedName(priv('1', 'bob', 'me'), people, null)).toBe('this member');
  });
});

describe('visibleMessages', () => {
  it('merges older pages with the window, oldest first, without repeats', () => {
    const older = [pub('2025-01-01', 'ann'), pub('2025-01-03', 'bob')];
    const window = [pub('2025-01-03', 'bob', { first_name: 'Bob' }), pub('2025-01-05', 'ann')];
    const shown = visibleMessages(older, window, true, new Set());
    expect(shown.map((m) => m._id)).toEqual(['message:2025-01-01', 'message:2025-01-03', 'message:2025-01-05']);
    // The window's copy wins over an older page's.
    expect(shown[1]?.first_name).toBe('Bob');
  });

  it("hides a blocked member's public messages, not a private conversation's", () => {
    const window = [pub('1', 'ann'), pub('2', 'bob')];
    expect(visibleMessages([], window, true, new Set(['bob'])).map((m) => m.sender_id)).toEqual(['ann']);
    const conversation = [priv('1', 'bob', 'me'), priv('2', 'me', 'bob')];
    expect(visibleMessages([], conversation, false, new Set(['bob']))).toHaveLength(2);
  });
});

describe('canDelete', () => {
  const member = { id: 'me', isAdmin: false };
  const admin = { id: 'me', isAdmin: true };

  it("lets a member delete their own message while it is on the device, never another's public one", () => {
    expect(canDelete(pub('1', 'me'), member, true)).toBe(true);
    expect(canDelete(pub('1', 'me'), member, false)).toBe(false);
    expect(canDelete(pub('1', 'ann'), member, true)).toBe(false);
  });

  it('lets a member delete a private message they received, from their own inbox on the device', () => {
    expect(canDelete(priv('1', 'ann', 'me'), member, true)).toBe(true);
    expect(canDelete(priv('1', 'ann', 'me'), member, false)).toBe(false);
  });

  it("lets an admin delete any public message, their own even from an older page", () => {
    expect(canDelete(pub('1', 'ann'), admin, false)).toBe(true);
    expect(canDelete(pub('1', 'me'), admin, false)).toBe(true);
    // A private message received is the admin's own inbox, like any member's.
    expect(canDelete(priv('1', 'ann', 'me'), admin, true)).toBe(true);
  });
});
