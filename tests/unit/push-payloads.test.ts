// What a private message's push says on the lock screen (ADR 048): the sender's name is the
// member's own text, so the title says a member sent it and clips the name, so a name written
// as a warning ("Fete Security: your account is locked, call …") never stands as the title.
import { describe, expect, it } from 'vitest';
import { messagePush, messageTitle, PUSH_NAME_MAX } from '../../sync-server/src/push/payloads.ts';

const SPOOF = 'Fete Security: your account is locked, call +1 868 555 0100 now to unlock it';

describe('message push titles', () => {
  it('say that a member sent the message', () => {
    expect(messagePush('a1b2', 'Ana Joseph', ['hi'], false).payload.title).toBe('New message from Ana Joseph');
  });

  it('clip a long name with an ellipsis, so the fixed part always shows', () => {
    const title = messagePush('a1b2', SPOOF, ['hi'], false).payload.title;
    expect(title.startsWith('New message from Fete Security: your account')).toBe(true);
    expect(title.endsWith('…')).toBe(true);
    expect([...title.slice('New message from '.length)].length).toBeLessThanOrEqual(PUSH_NAME_MAX);
    expect(title.length).toBeLessThanOrEqual(80);
  });

  it('keep a name of exactly the limit whole', () => {
    const name = 'x'.repeat(PUSH_NAME_MAX);
    expect(messageTitle(name)).toBe(`New message from ${name}`);
  });

  it('put the name on one line: no line breaks, controls or invisible format characters', () => {
    expect(messageTitle('Ana\nFete Security\u2028Locked\u202e\u0007')).toBe('New message from Ana Fete Security Locked');
    expect(messageTitle(' \n\t ')).toBe('New message from A Fete member');
  });

  it('never cut an emoji in half', () => {
    const title = messageTitle('🎉'.repeat(PUSH_NAME_MAX + 5));
    expect(title).toBe(`New message from ${'🎉'.repeat(PUSH_NAME_MAX - 1)}…`);
  });
});
