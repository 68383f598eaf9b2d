import { afterEach, describe, expect, it } from 'vitest';
import { repoEnv } from './data-test-env.ts';
import { SignInRequiredError } from '../../web/src/data/repos/index.ts';

type Env = ReturnType<typeof repoEnv>;
let env: Env;
afterEach(async () => env?.destroy());

const ME = 'aaaa0000aaaa0000aaaa0000aaaa0000';
const YOU = 'bbbb0000bbbb0000bbbb0000bbbb0000';

function profile(userId: string, first: string, territory = 'Trinidad and Tobago') {
  return { _id: `profile:${userId}`, type: 'profile', user_id: userId, first_name: first, last_name: 'X', territory, locality: 'POS', membership_type: 'gold', membership_expires_at: null, role: 'member', created_at: '2026-01-01T00:00:00.000Z' };
}

describe('member repositories, signed out', () => {
  it('reads are empty and writes ask for sign-in', async () => {
    env = repoEnv();
    expect(await env.repos.likes.list()).toEqual([]);
    expect(await env.repos.profiles.directory()).toEqual([]);
    await expect(env.repos.likes.toggle('event', 'e1')).rejects.toBeInstanceOf(SignInRequiredError);
  });
});

describe('userdb repositories', () => {
  it('likes toggle a deterministic doc, wait in the outbox, and list newest first', async () => {
    env = repoEnv();
    const space = env.signIn(ME);
    env.clock.now = new Date('2026-11-21T10:00:00Z');
    expect(await env.repos.likes.toggle('event', 'e1')).toBe(true);
    env.clock.now = new Date('2026-11-21T11:00:00Z');
    expect(await env.repos.likes.toggle('band', 'b1')).toBe(true);
    expect((await space.dbs.userdb.get('like:event:e1')) as unknown).toMatchObject({ type: 'like', item_type: 'event', item_id: 'e1' });
    expect(space.outboxes.userdb.pendingIds().sort()).toEqual(['like:band:b1', 'like:event:e1']);
    expect((await env.repos.likes.list()).map((l) => l._id)).toEqual(['like:band:b1', 'like:event:e1']);
    expect(await env.repos.likes.isLiked('event', 'e1')).toBe(true);

    expect(await env.repos.likes.toggle('event', 'e1')).toBe(false);
    expect(await env.repos.likes.isLiked('event', 'e1')).toBe(false);
    expect(await env.repos.likes.toggle('event', 'e1')).toBe(true); // again, over the tombstone
    expect([...(await env.repos.likes.likedIds('event'))]).toEqual(['e1']);

    await env.catalog.bulkDocs([
      { _id: 'event:e1', type: 'event', title: 'Fete', location: 'x', date: '2026-12-01', organizer_id: null, active: true },
      { _id: 'band:b1', type: 'band', name: 'Band', active: true },
    ]);
    const items = await env.repos.likes.items();
    expect(items.events.map((e) => e.id)).toEqual(['e1']);
    expect(items.bands.map((b) => b.id)).toEqual(['b1']);
  });

  it('submissions are created pending with the member name; receipts newest first with the New flag', async () => {
    env = repoEnv(new Date('2026-11-21T10:00:00Z'));
    const space = env.signIn(ME);
    await space.dbs.members.put(profile(ME, 'Ana'));
    const id = await env.repos.submissions.create({ id: 'f-uuid', title: 'Ride', formtype: 'ride', targetid: 'r1' }, { Seats: '2' });
    const sub = (await space.dbs.userdb.get(`submission:${id}`)) as unknown as Record<string, unknown>;
    expect(sub).toMatchObject({ type: 'submission', id, formid: 'f-uuid', userid: ME, status: 'pending', data: { Seats: '2', Name: 'Ana X' }, form: { title: 'Ride', formtype: 'ride', targetid: 'r1' } });

    expect(await env.repos.receipts.hasNew()).toBe(false); // first check only stores the time
    await space.dbs.userdb.bulkDocs([
      { _id: 'receipt:1', type: 'receipt', user_id: ME, receipt_number: 'REC-10000', receipt_date: '2026-11-01', title: 'Old', amount: 10, balance_owed: 0, status: 'weird', created_at: '2026-11-01T00:00:00.000Z' },
      { _id: 'receipt:2', type: 'receipt', user_id: ME, receipt_number: 'REC-10001', receipt_date: '2026-11-21', title: 'New', amount: 10, balance_owed: 0, status: 'paid', created_at: '2026-11-21T11:00:00.000Z' },
    ]);
    const receipts = await env.repos.receipts.list();
    expect(receipts.map((r) => r.id)).toEqual(['2', '1']);
    expect(receipts[1]).toMatchObject({ status: 'paid', amount_paid: 10 });
    expect(await env.repos.receipts.hasNew()).toBe(true);
    env.clock.now = new Date('2026-11-21T12:00:00Z');
    await env.repos.receipts.markChecked();
    expect(await env.repos.receipts.hasNew()).toBe(false);
  });

  it('a receipt stamped by a server clock ahead of the device is not new again once Receipts was opened', async () => {
    env = repoEnv(new Date('2026-11-21T10:00:00Z'));
    const space = env.signIn(ME);
    expect(await env.repos.receipts.hasNew()).toBe(false); // first check stores 10:00
    await space.dbs.userdb.put({ _id: 'receipt:3', type: 'receipt', user_id: ME, receipt_number: 'REC-10002', receipt_date: '2026-11-21', title: 'Ahead', amount: 10, balance_owed: 0, status: 'paid', created_at: '2026-11-21T10:05:00.000Z' });
    env.clock.now = new Date('2026-11-21T10:01:00Z'); // the device is four minutes behind the server
    expect(await env.repos.receipts.hasNew()).toBe(true);
    await env.repos.receipts.markChecked();
    expect(await env.repos.receipts.hasNew()).toBe(false);
    expect((await env.repos.settings.get())?.receipts_checked_at).toBe('2026-11-21T10:05:00.000Z');
  });

  it('the bell: my own pending submission is listed at once; seen is kept per submission and its status', async () => {
    env = repoEnv();
    const space = env.signIn(ME);
    await space.dbs.members.put(profile(ME, 'Ana'));
    env.clock.now = new Date('2026-11-21T10:00:00Z');
    const id = await env.repos.submissions.create({ id: 'f-uuid', title: 'Island Hopper Ride', formtype: 'ride', targetid: 'r1' }, { Seats: '2' });
    // A notification document from the server is not what the bell lists.
    await space.dbs.userdb.put({ _id: 'notification:n1', type: 'notification', submission_id: 'other', form_title: 'Old', status: 'processed', message: 'm', seen: false, created_at: '2026-11-20T00:00:00.000Z' });

    expect(await env.repos.notifications.list()).toEqual([
      { id, formTitle: 'Island Hopper Ride', status: 'pending', text: 'your form submission for Island Hopper Ride has been pending', at: '2026-11-21T10:00:00.000Z', seen: false },
    ]);
    expect(await env.repos.notifications.unseenCount()).toBe(1);

    await env.repos.notifications.markAllSeen();
    expect(await env.repos.notifications.unseenCount()).toBe(0);
    expect(await env.repos.settings.get()).toMatchObject({ submissions_seen: { [id]: 'pending' } });
    expect(space.outboxes.userdb.pendingIds()).toContain('settings:main');

    // The server's status change lands on the same document: unseen again, with the new text.
    const sub = (await space.dbs.userdb.get(`submission:${id}`)) as unknown as Record<string, unknown>;
    await space.dbs.userdb.put({ ...sub, status: 'processed', updatedat: '2026-11-22T09:00:00.000Z' });
    const [entry] = await env.repos.notifications.list();
    expect(entry).toMatchObject({ text: 'your form submission for Island Hopper Ride has been processed', at: '2026-11-22T09:00:00.000Z', seen: false });
    await env.repos.notifications.markAllSeen();
    expect(await env.repos.notifications.unseenCount()).toBe(0);
  });

  it('the bell lists the five latest submissions by createdat; signed out it is empty and cannot mark', async () => {
    env = repoEnv();
    const space = env.signIn(ME);
    await space.dbs.userdb.bulkDocs(
      [3, 1, 6, 2, 5, 4].map((n) => ({
        _id: `submission:s${n}`, type: 'submission', id: `s${n}`, formid: 'f', userid: ME, data: {}, status: 'pending',
        createdat: `2026-11-0${n}T00:00:00.000Z`, form: { title: `Form ${n}`, formtype: 'package', targetid: 'p1' },
      })),
    );
    expect((await env.repos.notifications.list()).map((e) => e.id)).toEqual(['s6', 's5', 's4', 's3', 's2']);
    await env.repos.notifications.markAllSeen();
    // Only the five listed are kept.
    expect(Object.keys((await env.repos.settings.get())?.submissions_seen ?? {}).sort()).toEqual(['s2', 's3', 's4', 's5', 's6']);

    const signedOut = repoEnv();
    try {
      expect(await signedOut.repos.notifications.list()).toEqual([]);
      await expect(signedOut.repos.notifications.markAllSeen()).rejects.toBeInstanceOf(SignInRequiredError);
    } finally {
      await signedOut.destroy();
    }
  });

  it('private messages: a conversation both ways, unread per sender, mark read', async () => {
    env = repoEnv();
    const space = env.signIn(ME);
    env.clock.now = new Date('2026-11-21T10:00:00Z');
    await env.repos.privateMessages.send(YOU, '  hi  ');
    await space.dbs.userdb.bulkDocs([
      { _id: 'message:2026-11-21T10:05:00.000Z:r1', type: 'message', content: 'yo', sender_id: YOU, receiver_id: ME, is_public: false, read: false, created_at: '2026-11-21T10:05:00.000Z' },
      { _id: 'message:2026-11-21T10:06:00.000Z:r2', type: 'message', content: 'there?', sender_id: YOU, receiver_id: ME, is_public: false, read: false, created_at: '2026-11-21T10:06:00.000Z' },
    ]);
    const convo = await env.repos.privateMessages.conversation(YOU);
    expect(convo.map((m) => m.content)).toEqual(['hi', 'yo', 'there?']);
    expect((await env.repos.privateMessages.contacts()).get(YOU)).toEqual({ user_id: YOU, unread: 2, last_message_at: '2026-11-21T10:06:00.000Z' });
    expect(await env.repos.privateMessages.markRead(YOU)).toBe(2);
    expect(await env.repos.privateMessages.unread()).toEqual([]);
    await expect(env.repos.privateMessages.send(YOU, '   ')).rejects.toThrow('Message cannot be empty');
  });

  it('private messages: the receiver deletes their copy of one received, written ahead like the sender\'s own deletion', async () => {
    env = repoEnv();
    const space = env.signIn(ME);
    const THIRD = 'cccc0000cccc0000cccc0000cccc0000';
    env.clock.now = new Date('2026-11-21T10:00:00Z');
    const sent = await env.repos.privateMessages.send(YOU, 'mine');
    const received = 'message:2026-11-21T10:05:00.000Z:r1';
    const strange = 'message:2026-11-21T10:06:00.000Z:r2';
    await space.dbs.userdb.bulkDocs([
      { _id: received, type: 'message', content: 'yours', sender_id: YOU, receiver_id: ME, is_public: false, read: true, created_at: '2026-11-21T10:05:00.000Z' },
      // Not mine either way (the server never puts one here): the device refuses to delete it.
      { _id: strange, type: 'message', content: 'theirs', sender_id: YOU, receiver_id: THIRD, is_public: false, read: false, created_at: '2026-11-21T10:06:00.000Z' },
    ]);
    await env.repos.privateMessages.remove(received);
    await env.repos.privateMessages.remove(sent);
    await expect(env.repos.privateMessages.remove(strange)).rejects.toThrow('Only the sender or the receiver');
    expect(await env.repos.privateMessages.conversation(YOU)).toEqual([]);
    // Both deletions wait in the outbox for the push (offline, they go when the signal is back).
    expect(space.outboxes.userdb.pendingIds()).toEqual(expect.arrayContaining([received, sent]));
  });
});

describe('members and chat repositories', () => {
  it('attendance toggles and lists attendees with names; my attendance joins the catalog', async () => {
    env = repoEnv();
    const space = env.signIn(ME);
    await space.dbs.members.bulkDocs([profile(ME, 'Ana'), profile(YOU, 'Ben')]);
    await space.dbs.members.put({ _id: `attendance:event:e1:${YOU}`, type: 'attendance', target_type: 'event', target_id: 'e1', user_id: YOU, created_at: '2026-11-01T00:00:00.000Z' });
    expect(await env.repos.attendance.toggle('event', 'e1')).toBe(true);
    expect(await env.repos.attendance.isAttending('event', 'e1')).toBe(true);
    const attendees = await env.repos.attendance.attendees('event', 'e1');
    expect(attendees.map((a) => a.first_name).sort()).toEqual(['Ana', 'Ben']);
    await env.catalog.put({ _id: 'event:e1', type: 'event', title: 'Fete', location: 'x', date: '2026-12-01', organizer_id: null, active: true });
    expect((await env.repos.attendance.mine()).events.map((e) => e.id)).toEqual(['e1']);
    expect(await env.repos.attendance.toggle('event', 'e1')).toBe(false);
    expect((await env.repos.attendance.attendees('event', 'e1')).map((a) => a.user_id)).toEqual([YOU]);
    expect(space.outboxes.members.pendingIds()).toEqual([`attendance:event:e1:${ME}`]);
  });

  it('ratings upsert one doc per member and target', async () => {
    env = repoEnv();
    const space = env.signIn(ME);
    await env.repos.ratings.set('provider', 'p1', 4);
    await env.repos.ratings.set('provider', 'p1', 5, 'great');
    const doc = (await space.dbs.members.get(`rating:provider:p1:${ME}`)) as unknown as Record<string, unknown>;
    expect(doc).toMatchObject({ rating: 5, comment: 'great', user_id: ME, target_type: 'provider' });
    expect((await env.repos.ratings.mine('provider', 'p1'))?.rating).toBe(5);
    await expect(env.repos.ratings.set('band', 'b1', 6)).rejects.toThrow(RangeError);
  });

  it('directory by first name with territory and name search; own profile update keeps to allowed fields', async () => {
    env = repoEnv();
    const space = env.signIn(ME);
    await space.dbs.members.bulkDocs([profile(ME, 'Zed'), profile(YOU, 'Amy', 'Jamaica'), profile('c0c0', 'Kim')]);
    expect((await env.repos.profiles.directory()).map((p) => p.first_name)).toEqual(['Amy', 'Kim', 'Zed']);
    expect((await env.repos.profiles.directory({ territory: 'Jamaica' })).map((p) => p.first_name)).toEqual(['Amy']);
    expect((await env.repos.profiles.directory({ search: 'kim x' })).map((p) => p.first_name)).toEqual(['Kim']);
    await env.repos.profiles.updateMine({ first_name: 'Zoe', role: 'admin' } as never);
    expect(await env.repos.profiles.mine()).toMatchObject({ first_name: 'Zoe', role: 'member' });
  });

  it('packages and rides by order, forms by target, and the event discount valid now', async () => {
    env = repoEnv(new Date('2026-11-21T12:00:00Z'));
    const space = env.signIn(ME);
    await space.dbs.members.bulkDocs([
      { _id: 'package:p2', type: 'package', title: 'B', subtitle: 's', bgcolor: '', textcolor: '', order: 2, active: true },
      { _id: 'package:p1', type: 'package', title: 'A', subtitle: 's', bgcolor: '', textcolor: '', order: 1, active: true },
      { _id: 'package:p0', type: 'package', title: 'Off', subtitle: 's', bgcolor: '', textcolor: '', order: 0, active: false },
      { _id: 'ride:r1', type: 'ride', title: 'R', subtitle: 's', bgcolor: '', textcolor: '', order: 0, active: true },
      { _id: 'form:ride:r1', type: 'form', id: 'uuid-1', title: 'Book', fields: [], formtype: 'ride', targetid: 'r1', active: false, updatedat: '2026-11-01T00:00:00.000Z' },
      { _id: 'event_discount:d1', type: 'event_discount', event_id: 'e1', code: 'OLD', percentage: 5, valid_until: '2026-11-20', active: true },
      { _id: 'event_discount:d2', type: 'event_discount', event_id: 'e1', code: 'NOW', percentage: 10, valid_from: '2026-11-21', valid_until: '2026-11-30', active: true },
      { _id: 'event_discount:d3', type: 'event_discount', event_id: 'e2', code: 'OTHER', percentage: 10, active: true },
    ]);
    expect((await env.repos.packages.list()).map((p) => p.id)).toEqual(['p1', 'p2']);
    expect((await env.repos.rides.list()).map((p) => p.id)).toEqual(['r1']);
    expect(await env.repos.forms.forTarget('ride', 'r1')).toBeNull();
    expect((await env.repos.forms.forTarget('ride', 'r1', { includeInactive: true }))?.id).toBe('uuid-1');
    expect((await env.repos.eventDiscounts.current('e1'))?.code).toBe('NOW');
  });

  it('public messages: the recent window, oldest first, with senders; only the sender or an admin deletes', async () => {
    env = repoEnv(new Date('2026-11-21T12:00:00Z'));
    const space = env.signIn(ME);
    await space.dbs.members.bulkDocs([profile(ME, 'Ana'), profile(YOU, 'Ben')]);
    await space.dbs.chat.bulkDocs([
      { _id: 'message:2026-09-01T00:00:00.000Z:old', type: 'message', content: 'old', sender_id: YOU, receiver_id: null, is_public: true, read: false, created_at: '2026-09-01T00:00:00.000Z' },
      { _id: 'message:2026-11-20T00:00:00.000Z:b', type: 'message', content: 'yours', sender_id: YOU, receiver_id: null, is_public: true, read: false, created_at: '2026-11-20T00:00:00.000Z' },
    ]);
    const id = await env.repos.publicMessages.send('mine');
    const list = await env.repos.publicMessages.listWithSenders();
    expect(list.map((m) => [m.content, m.first_name])).toEqual([['yours', 'Ben'], ['mine', 'Ana']]);
    await expect(env.repos.publicMessages.remove('message:2026-11-20T00:00:00.000Z:b')).rejects.toThrow('Only the sender');
    await env.repos.publicMessages.remove(id);
    expect((await env.repos.publicMessages.list()).map((m) => m.content)).toEqual(['yours']);
  });
});
