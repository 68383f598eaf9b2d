// ADR 024: blocks and reports are written on the device and wait in the outbox, like likes;
// the documents are the ones the userdb validator accepts.
import { afterEach, describe, expect, it } from 'vitest';
import { repoEnv } from './data-test-env.ts';
import { blockSchema } from '../../design-docs/src/schemas/block.ts';
import { reportSchema } from '../../design-docs/src/schemas/report.ts';
import { SignInRequiredError } from '../../web/src/data/repos/index.ts';

type Env = ReturnType<typeof repoEnv>;
let env: Env;
afterEach(async () => env?.destroy());

const ME = 'aaaa0000aaaa0000aaaa0000aaaa0000';
const YOU = 'bbbb0000bbbb0000bbbb0000bbbb0000';
const message = { _id: 'message:2026-11-21T09:00:00.000Z:r1', sender_id: YOU, content: 'Buy followers', is_public: true };

describe('data.blocks', () => {
  it('blocks and unblocks through the outbox, idempotently', async () => {
    env = repoEnv(new Date('2026-11-21T10:00:00Z'));
    const space = env.signIn(ME);
    await env.repos.blocks.block(YOU);
    await env.repos.blocks.block(YOU);
    const doc = await space.dbs.userdb.get(`block:${YOU}`);
    expect(blockSchema.safeParse(doc).success).toBe(true);
    expect(space.outboxes.userdb.pendingIds()).toEqual([`block:${YOU}`]);
    expect(await env.repos.blocks.isBlocked(YOU)).toBe(true);
    expect([...(await env.repos.blocks.blockedIds())]).toEqual([YOU]);

    await env.repos.blocks.unblock(YOU);
    await env.repos.blocks.unblock(YOU);
    expect(await env.repos.blocks.isBlocked(YOU)).toBe(false);
    expect(await env.repos.blocks.list()).toEqual([]);
    await env.repos.blocks.block(YOU); // again, over the tombstone
    expect(await env.repos.blocks.isBlocked(YOU)).toBe(true);
  });

  it('refuses blocking oneself, and asks for sign-in', async () => {
    env = repoEnv();
    await expect(env.repos.blocks.block(YOU)).rejects.toBeInstanceOf(SignInRequiredError);
    env.signIn(ME);
    await expect(env.repos.blocks.block(ME)).rejects.toThrow('You cannot block yourself');
  });
});

describe('data.reports', () => {
  it('writes a report the validator accepts, waiting in the outbox', async () => {
    env = repoEnv(new Date('2026-11-21T10:00:00Z'));
    const space = env.signIn(ME);
    const id = await env.repos.reports.report(message, 'Other', '  Keeps spamming links  ');
    const doc = await space.dbs.userdb.get(`report:${id}`);
    expect(reportSchema.safeParse(doc).success).toBe(true);
    expect(doc).toMatchObject({ reporter_id: ME, message_id: message._id, message_sender_id: YOU, message_content: 'Buy followers', message_is_public: true, reason: 'Other', details: 'Keeps spamming links' });
    expect(space.outboxes.userdb.pendingIds()).toEqual([`report:${id}`]);
    expect((await env.repos.reports.mine()).map((r) => r.id)).toEqual([id]);
  });

  it('refuses one\'s own message, an unknown reason and over-long details', async () => {
    env = repoEnv();
    env.signIn(ME);
    await expect(env.repos.reports.report({ ...message, sender_id: ME }, 'Spam')).rejects.toThrow('You cannot report your own message');
    await expect(env.repos.reports.report(message, 'Boring' as 'Spam')).rejects.toThrow(/reason must be one of/);
    await expect(env.repos.reports.report(message, 'Other', 'x'.repeat(501))).rejects.toThrow('Please keep this under 500 characters');
  });
});
