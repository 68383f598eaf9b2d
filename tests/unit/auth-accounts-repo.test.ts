import { beforeEach, describe, expect, it } from 'vitest';
import { fakeCouch } from './auth-fake-couch.ts';
import { claimEmail, findAccountByEmail, insertAccount, releaseEmail } from '../../sync-server/src/auth/accounts-repo.ts';
import type { AdminCall } from '../../couch/src/provision.ts';
import { emailId } from '../../design-docs/src/ids.ts';

const A = 'a'.repeat(32);
const B = 'b'.repeat(32);
let call: AdminCall;

beforeEach(async () => {
  call = fakeCouch().call;
  await call('PUT', '/accounts');
});

const account = (email: string) => ({
  type: 'account' as const,
  email,
  password_hash: '$argon2id$x',
  role: 'member' as const,
  membership_type: 'gold' as const,
  membership_expires_at: null,
  created_at: new Date().toISOString(),
  first_name: 'A',
  last_name: 'B',
});

describe('e-mail claims', () => {
  it('one claim per normalised address', async () => {
    expect(await claimEmail(call, 'Someone@Example.org ', A)).toBe('claimed');
    await insertAccount(call, A, account('someone@example.org'));
    expect(await claimEmail(call, 'someone@example.org', B)).toBe('taken');
    expect((await findAccountByEmail(call, ' SOMEONE@example.org'))?._id).toBe(`account:${A}`);
  });

  it('a fresh claim without an account is respected (a sign-up in progress)', async () => {
    expect(await claimEmail(call, 'x@example.org', A)).toBe('claimed');
    expect(await claimEmail(call, 'x@example.org', B)).toBe('taken');
  });

  it('a claim left by a crashed sign-up is taken over after a minute', async () => {
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    expect(await claimEmail(call, 'x@example.org', A, twoMinutesAgo)).toBe('claimed');
    expect(await claimEmail(call, 'x@example.org', B)).toBe('claimed');
    const doc = (await call('GET', `/accounts/${encodeURIComponent('email:x@example.org')}`)).body as { user_id: string };
    expect(doc.user_id).toBe(B);
  });

  it('a claim withdrawn on a cluster is not taken for a win when a copy that lags still shows it', async () => {
    // The PUT reached one copy (202), a rival stood beside it, so putExclusive withdrew it; a plain
    // read answered from a copy that had not seen the withdrawal yet.
    const now = new Date();
    const mine = { _id: emailId('x@example.org'), _rev: '1-mine', type: 'email', user_id: A, created_at: now.toISOString() };
    let puts = 0;
    const lagging: AdminCall = async (method, path) => {
      if (method === 'PUT') return ++puts === 1 ? { status: 202, body: { ok: true, rev: '1-mine' } } : { status: 409, body: { error: 'conflict' } };
      if (method === 'GET' && path.includes('open_revs')) return { status: 200, body: [{ ok: mine }, { ok: { ...mine, _rev: '1-theirs', user_id: B } }] };
      if (method === 'GET' && path.startsWith('/accounts/account')) return { status: 404, body: { error: 'not_found' } };
      if (method === 'GET') return { status: 200, body: mine };
      return { status: 200, body: { ok: true } };
    };
    expect(await claimEmail(lagging, 'x@example.org', A, now)).toBe('taken');
  });

  it('release frees only the holder’s own claim', async () => {
    await claimEmail(call, 'x@example.org', A);
    await releaseEmail(call, 'x@example.org', B);
    expect(await claimEmail(call, 'x@example.org', B)).toBe('taken');
    await releaseEmail(call, 'x@example.org', A);
    expect(await claimEmail(call, 'x@example.org', B)).toBe('claimed');
  });

  it('an address whose account is gone does not find an account', async () => {
    await claimEmail(call, 'x@example.org', A);
    expect(await findAccountByEmail(call, 'x@example.org')).toBeNull();
  });
});
