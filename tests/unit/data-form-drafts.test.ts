// ADR 022: what a member types into a form is kept on the device as they type, and a
// sent submission is written ahead so a reload right after Submit cannot lose it (ADR 022).
import { afterEach, describe, expect, it } from 'vitest';
import { repoEnv } from './data-test-env.ts';

type Env = ReturnType<typeof repoEnv>;
let env: Env;
afterEach(async () => env?.destroy());

const ME = 'aaaa0000aaaa0000aaaa0000aaaa0000';
const FORM = { id: 'f-uuid', title: 'Island Hopper Ride', formtype: 'ride', targetid: 'r1' } as const;
const outgoingKey = (e: Env) => `${e.prefix}-u-${ME}-outgoing-submissions`;

function sentDoc(id: string) {
  return {
    _id: `submission:${id}`, type: 'submission', id, formid: FORM.id, userid: ME, data: { Seats: 2 },
    createdat: '2026-11-21T12:00:00.000Z', status: 'pending', form: { title: FORM.title, formtype: 'ride', targetid: 'r1' },
  };
}

describe('form drafts', () => {
  it('are kept per member and form, survive a new repository (a reload), and clear', () => {
    env = repoEnv();
    expect(env.repos.formDrafts.save('ride', 'r1', { Seats: '2' })).toBe(false); // signed out: nowhere to keep it
    env.signIn(ME);
    expect(env.repos.formDrafts.save('ride', 'r1', { Seats: '2', Notes: 'window seat' })).toBe(true);
    expect(env.repos.formDrafts.load('ride', 'r1')?.answers).toEqual({ Seats: '2', Notes: 'window seat' });
    expect(env.repos.formDrafts.load('package', 'r1')).toBeNull();
    // Stored under the member's own prefix, which sign-out removes.
    expect(env.storage.getItem(`${env.prefix}-u-${ME}-form-draft:ride:r1`)).toContain('window seat');
    env.repos.formDrafts.clear('ride', 'r1');
    expect(env.repos.formDrafts.load('ride', 'r1')).toBeNull();
  });

  it('a damaged or oversized draft is not restored nor kept', () => {
    env = repoEnv();
    env.signIn(ME);
    env.storage.setItem(`${env.prefix}-u-${ME}-form-draft:ride:r1`, '{not json');
    expect(env.repos.formDrafts.load('ride', 'r1')).toBeNull();
    expect(env.repos.formDrafts.save('ride', 'r1', { Notes: 'x'.repeat(300 * 1024) })).toBe(false);
  });
});

describe('sent submissions written ahead', () => {
  it('Submit writes the submission ahead; recovery in the same page keeps the entry and writes nothing twice', async () => {
    env = repoEnv();
    const space = env.signIn(ME);
    const id = await env.repos.submissions.create(FORM, { Seats: 2 });
    const ahead = JSON.parse(env.storage.getItem(outgoingKey(env)) ?? '[]') as Array<{ _id: string }>;
    expect(ahead.map((d) => d._id)).toEqual([`submission:${id}`]);
    expect(await env.repos.submissions.recoverOutgoing()).toBe(0);
    expect((await space.dbs.userdb.get(`submission:${id}`))._rev).toMatch(/^1-/);
    expect(JSON.parse(env.storage.getItem(outgoingKey(env)) ?? '[]')).toHaveLength(1);
  });

  it('at the next start, a submission the device lost is saved again with the same revision, then forgotten', async () => {
    env = repoEnv();
    const space = env.signIn(ME);
    // What an earlier page wrote ahead before its IndexedDB write was lost.
    env.storage.setItem(outgoingKey(env), JSON.stringify([sentDoc('lost1')]));
    expect(await env.repos.submissions.recoverOutgoing()).toBe(1);
    const restored = await space.dbs.userdb.get('submission:lost1');
    expect(restored).toMatchObject({ status: 'pending', data: { Seats: 2 } });
    expect(space.outboxes.userdb.pendingIds()).toContain('submission:lost1');

    // The same content gives the same revision anywhere: had the server received the first
    // write, the replicator finds it there and sends nothing (exactly once).
    const elsewhere = repoEnv();
    const other = elsewhere.signIn(ME);
    const rev = (await other.dbs.userdb.put(sentDoc('lost1'))).rev;
    expect(restored._rev).toBe(rev);
    await elsewhere.destroy();

    // The next start finds it on the device and forgets the copy.
    expect(await env.repos.submissions.recoverOutgoing()).toBe(0);
    expect(env.storage.getItem(outgoingKey(env))).toBeNull();
  });

  it('a submission the server did not accept is deleted, and the next start does not send it again', async () => {
    env = repoEnv();
    const space = env.signIn(ME);
    const id = await env.repos.submissions.create(FORM, { Seats: 2 });
    // A pending one is the admins' record: the device does not offer to delete it.
    await expect(env.repos.submissions.removeRefused(id)).rejects.toThrow('Only a submission that was not accepted can be deleted');
    // The server's refusal, as the live sync brings it.
    const sent = await space.dbs.userdb.get(`submission:${id}`);
    await space.dbs.userdb.put({ ...sent, refused_reason: 'This form is currently unavailable', refused_at: '2026-11-21T12:01:00.000Z' });
    await env.repos.submissions.removeRefused(id);
    expect(await env.repos.submissions.list()).toEqual([]);
    expect(JSON.parse(env.storage.getItem(outgoingKey(env)) ?? '[]')).toEqual([]);
    expect(await env.repos.submissions.recoverOutgoing()).toBe(0);
    expect(await env.repos.submissions.list()).toEqual([]);
  });

  it('a damaged write-ahead entry list is ignored', async () => {
    env = repoEnv();
    env.signIn(ME);
    env.storage.setItem(outgoingKey(env), '{"oops": true');
    expect(await env.repos.submissions.recoverOutgoing()).toBe(0);
  });
});
