import { describe, expect, it } from 'vitest';
import { userDbName, type UserCtx } from '../../design-docs/src/databases.ts';
import { validatorFor } from '../../design-docs/src/design-docs.ts';
import {
  admin, block, judgeFor, like, member, notification, other, privateMessage, receipt, report, server, settings, submission, tombstone,
  visitor,
} from './validate-support.ts';

// The userdb of u1: its `_security` names u1, and the validator reads the owner from there.
const judge = judgeFor(userDbName('u1'));
const incoming = privateMessage({ sender_id: 'u2', receiver_id: 'u1' });
const outgoing = privateMessage();

describe('userdb: who may write at all', () => {
  it('refuses visitors, other members and admins who are not the owner', () => {
    for (const doc of [like(), settings(), submission(), outgoing]) {
      expect(judge(doc, null, visitor)).toBe('unauthorized');
      expect(judge(doc, null, other)).toBe('forbidden');
      expect(judge(doc, null, admin)).toBe('forbidden');
    }
  });

  it('refuses the owner when _security names nobody', () => {
    const validate = validatorFor(userDbName('u1')) as (...a: unknown[]) => void;
    const noOwner = { admins: { names: [], roles: [] }, members: { names: [], roles: [] } };
    expect(() => validate(like(), null, member, noOwner)).toThrow();
    expect(() => validate(like(), null, server, noOwner)).not.toThrow();
  });

  it('refuses types that live elsewhere', () => {
    const p = { _id: 'profile:u1', type: 'profile', user_id: 'u1' };
    expect(judge(p, null, member)).toBe('forbidden');
    expect(judge(p, null, server)).toBe('forbidden');
  });
});

describe('userdb: likes and settings', () => {
  it('lets the owner add, change and remove them', () => {
    for (const doc of [like(), settings(), like({ _id: 'like:provider:f1', item_type: 'provider', item_id: 'f1' })]) {
      expect(judge(doc, null, member)).toBe('allow');
      const at = doc.type === 'settings' ? 'updated_at' : 'created_at';
      expect(judge({ ...doc, [at]: '2025-02-02T00:00:00.000Z' }, doc, member)).toBe('allow');
      expect(judge(tombstone(doc), doc, member)).toBe('allow');
    }
  });

  it('refuses mismatched ids and unknown item types', () => {
    expect(judge(like({ item_id: 'e2' }), null, member)).toBe('forbidden');
    expect(judge(like({ _id: 'like:product:m1', item_type: 'product', item_id: 'm1' }), null, member)).toBe('forbidden');
    expect(judge(settings({ _id: 'settings:other' }), null, member)).toBe('forbidden');
  });
});

describe('userdb: submissions', () => {
  const s = submission();

  it('lets the owner send a pending submission in their own name', () => {
    expect(judge(s, null, member)).toBe('allow');
  });

  it.each(['processed', 'completed'])('refuses a new submission with status %s', (status) => {
    expect(judge(submission({ status }), null, member)).toBe('forbidden');
  });

  it('refuses a submission in someone else’s name or a malformed one', () => {
    expect(judge(submission({ userid: 'u2' }), null, member)).toBe('forbidden');
    expect(judge(submission({ _id: 'submission:s2' }), null, member)).toBe('forbidden');
    expect(judge(submission({ data: ['a'] }), null, member)).toBe('forbidden');
    expect(judge(submission({ form: { title: 'x', formtype: 'party', targetid: 'k1' } }), null, member)).toBe('forbidden');
    expect(judge(submission({ status: 'rejected' }), null, member)).toBe('forbidden');
  });

  it('refuses the owner changing or deleting a submission', () => {
    expect(judge({ ...s, status: 'completed' }, s, member)).toBe('forbidden');
    expect(judge({ ...s, data: { Name: 'x' } }, s, member)).toBe('forbidden');
    expect(judge(tombstone(s), s, member)).toBe('forbidden');
  });

  it('lets the server change the status, in the owner’s submissions only', () => {
    expect(judge({ ...s, status: 'completed' }, s, server)).toBe('allow');
    expect(judge(submission({ userid: 'u2' }), null, server)).toBe('forbidden');
  });
});

describe('userdb: private messages', () => {
  it('lets the owner send a private message as themself', () => {
    expect(judge(outgoing, null, member)).toBe('allow');
  });

  it('refuses forged senders, messages to oneself and public messages', () => {
    expect(judge(privateMessage({ sender_id: 'u2', receiver_id: 'u1' }), null, member)).toBe('forbidden');
    expect(judge(privateMessage({ receiver_id: 'u1' }), null, member)).toBe('forbidden');
    expect(judge(privateMessage({ is_public: true }), null, member)).toBe('forbidden');
    expect(judge(privateMessage({ receiver_id: null }), null, member)).toBe('forbidden');
  });

  it('lets the owner delete what they sent and what they received (ADR 052), nothing of others', () => {
    expect(judge(tombstone(outgoing), outgoing, member)).toBe('allow');
    expect(judge(tombstone(incoming), incoming, member)).toBe('allow');
    const foreign = privateMessage({ sender_id: 'u2', receiver_id: 'u3' });
    expect(judge(tombstone(foreign), foreign, member)).toBe('forbidden');
  });

  it('lets the owner mark an incoming message read, and change nothing else', () => {
    expect(judge({ ...incoming, read: true }, incoming, member)).toBe('allow');
    expect(judge({ ...incoming, read: true, content: 'forged' }, incoming, member)).toBe('forbidden');
    expect(judge({ ...incoming, read: 'yes' }, incoming, member)).toBe('forbidden');
    expect(judge({ ...outgoing, read: true }, outgoing, member)).toBe('forbidden');
    expect(judge({ ...outgoing, content: 'edited' }, outgoing, member)).toBe('forbidden');
  });

  it('lets the server deliver incoming messages to the owner only', () => {
    expect(judge(incoming, null, server)).toBe('allow');
    expect(judge(incoming, null, member)).toBe('forbidden');
    expect(judge(privateMessage({ sender_id: 'u2', receiver_id: 'u3' }), null, server)).toBe('forbidden');
    expect(judge(tombstone(incoming), incoming, server)).toBe('allow');
  });
});

describe('userdb: receipts and notifications', () => {
  const r = receipt();
  const n = notification();

  it('keeps receipts server-only', () => {
    expect(judge(r, null, member)).toBe('forbidden');
    expect(judge({ ...r, status: 'paid' }, r, member)).toBe('forbidden');
    expect(judge(tombstone(r), r, member)).toBe('forbidden');
    expect(judge(r, null, server)).toBe('allow');
    expect(judge(receipt({ user_id: 'u2' }), null, server)).toBe('forbidden');
    expect(judge(receipt({ receipt_number: 'REC-1' }), null, server)).toBe('forbidden');
  });

  it('lets only the server create or delete notifications', () => {
    expect(judge(n, null, member)).toBe('forbidden');
    expect(judge(tombstone(n), n, member)).toBe('forbidden');
    expect(judge(n, null, server)).toBe('allow');
    expect(judge(tombstone(n), n, server)).toBe('allow');
  });

  it('lets the owner set seen, and change nothing else', () => {
    expect(judge({ ...n, seen: true }, n, member)).toBe('allow');
    expect(judge({ ...n, seen: true, status: 'completed' }, n, member)).toBe('forbidden');
    expect(judge({ ...n, seen: 1 }, n, member)).toBe('forbidden');
  });
});

// The owner is the first name in `_security`, whatever the database is called.
describe('userdb: the owner comes from _security', () => {
  it('judges u2’s database by u2', () => {
    const u2: UserCtx = other;
    const judge2 = judgeFor(userDbName('u2'));
    expect(judge2(like(), null, u2)).toBe('allow');
    expect(judge2(like(), null, member)).toBe('forbidden');
  });
});

// ADR 024: blocks and reports live in the member's own userdb.
describe('userdb: blocks', () => {
  it('lets the owner block and unblock another member', () => {
    expect(judge(block(), null, member)).toBe('allow');
    expect(judge(tombstone(block()), block(), member)).toBe('allow');
    // Blocking again after an unblock is a new document.
    expect(judge(block(), tombstone(block()), member)).toBe('allow');
  });

  it('refuses editing a block, blocking oneself and a malformed block', () => {
    expect(judge(block({ created_at: '2025-03-01T10:00:00.000Z' }), block(), member)).toBe('forbidden');
    expect(judge(block({ _id: 'block:u1', user_id: 'u1' }), null, member)).toBe('forbidden');
    expect(judge(block({ _id: 'block:u3' }), null, member)).toBe('forbidden');
    expect(judge(block({ user_id: 'a:b', _id: 'block:a:b' }), null, member)).toBe('forbidden');
    expect(judge(block({ created_at: 'now' }), null, member)).toBe('forbidden');
  });

  it('refuses anyone but the owner', () => {
    expect(judge(block(), null, visitor)).toBe('unauthorized');
    expect(judge(block(), null, other)).toBe('forbidden');
    expect(judge(block(), null, admin)).toBe('forbidden');
  });
});

describe('userdb: reports', () => {
  it('lets the owner send a report in their own name', () => {
    expect(judge(report(), null, member)).toBe('allow');
    expect(judge(report({ reason: 'Other', details: 'Threatening me' }), null, member)).toBe('allow');
  });

  it('refuses editing or deleting a sent report', () => {
    expect(judge(report({ reason: 'Other' }), report(), member)).toBe('forbidden');
    expect(judge(tombstone(report()), report(), member)).toBe('forbidden');
  });

  it('refuses a report in someone else\'s name, of one\'s own message, or with an unknown reason', () => {
    expect(judge(report({ reporter_id: 'u2', message_sender_id: 'u3' }), null, member)).toBe('forbidden');
    expect(judge(report({ message_sender_id: 'u1' }), null, member)).toBe('forbidden');
    expect(judge(report({ reason: 'Boring' }), null, member)).toBe('forbidden');
    expect(judge(report({ details: 'x'.repeat(501) }), null, member)).toBe('forbidden');
  });

  it('refuses anyone but the owner', () => {
    expect(judge(report(), null, visitor)).toBe('unauthorized');
    expect(judge(report(), null, other)).toBe('forbidden');
    expect(judge(report(), null, admin)).toBe('forbidden');
  });
});
