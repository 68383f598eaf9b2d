import { beforeEach, describe, expect, it } from 'vitest';
import { fakeCouch } from './auth-fake-couch.ts';
import {
  inspectRefresh,
  issueRefresh,
  markRotated,
  pruneExpiredSessions,
  refreshDocId,
  isSameRotation,
  successorToken,
  revokeAccountSessions,
  revokeFamily,
  sessionIdOf,
  sessionStartOf,
} from '../../sync-server/src/auth/sessions.ts';
import { checkResetToken, createResetToken, spendResetToken } from '../../sync-server/src/auth/reset-tokens.ts';
import { parseDoc } from '../../design-docs/src/schemas/doc-schemas.ts';
import type { AdminCall } from '../../couch/src/provision.ts';

const A = 'a'.repeat(32);
const B = 'b'.repeat(32);
let call: AdminCall;
let raw: (id: string) => Promise<Record<string, unknown>>;

beforeEach(async () => {
  const fake = fakeCouch();
  call = fake.call;
  await call('PUT', '/accounts');
  raw = (id) => fake.db('accounts').get(id) as Promise<Record<string, unknown>>;
});

describe('absolute session lifetime (ADR 056)', () => {
  it('a rotation keeps the first sign-in as the start, and no token expires after start + maxDays', async () => {
    const start = new Date(Date.now() - 89 * 86_400_000);
    const first = await issueRefresh(call, A, 30, undefined, start, undefined, false, { startedAt: start, maxDays: 90 });
    const firstDoc = await raw(refreshDocId(first.token));
    expect(firstDoc.session_started_at).toBe(start.toISOString());
    expect(parseDoc(firstDoc)).toMatchObject({ success: true });

    const now = new Date();
    const next = await issueRefresh(call, A, 30, first.family, now, undefined, false, { startedAt: sessionStartOf(firstDoc as never), maxDays: 90 });
    // 30 more days would pass day 90: the token ends on day 90 instead.
    expect(next.expiresAt.getTime()).toBe(start.getTime() + 90 * 86_400_000);
    expect((await raw(refreshDocId(next.token))).session_started_at).toBe(start.toISOString());
    expect(next.sid).toBe(first.sid);
    expect(next.sid).toBe(sessionIdOf(first.family));
    expect(next.sid).not.toContain(first.family);
  });

  it('a session from before the bound starts at its token', async () => {
    expect(sessionStartOf({ created_at: '2026-01-02T03:04:05.000Z' }).toISOString()).toBe('2026-01-02T03:04:05.000Z');
  });
});

describe('refresh sessions', () => {
  it('stores only the hash of the token, in the shared schema', async () => {
    const issued = await issueRefresh(call, A, 30);
    const doc = await raw(refreshDocId(issued.token));
    expect(doc._id).toMatch(/^refresh:[0-9a-f]{64}$/);
    expect(JSON.stringify(doc)).not.toContain(issued.token);
    expect(parseDoc(doc)).toMatchObject({ success: true });
    expect(doc).toMatchObject({ user_id: A, family: issued.family, rotated_at: null, revoked_at: null });
  });

  it('a fresh token is valid once; after rotation it is reuse', async () => {
    const issued = await issueRefresh(call, A, 30);
    const p = await inspectRefresh(call, issued.token);
    expect(p.kind).toBe('valid');
    if (p.kind !== 'valid') return;
    expect(await markRotated(call, p.doc, 'next-token', null)).toBe(true);
    // The same revision cannot be spent twice: the second writer loses.
    expect(await markRotated(call, p.doc, 'other-token', null)).toBe(false);
    expect((await inspectRefresh(call, issued.token)).kind).toBe('reused');
  });

  it('one attempt, one successor: the same token and attempt always name the same successor, under a server key', () => {
    const key = new Uint8Array(32).fill(7);
    const other = new Uint8Array(32).fill(8);
    const s = successorToken(key, 'token-1', 'attempt-0123456789abcdef');
    expect(successorToken(key, 'token-1', 'attempt-0123456789abcdef')).toBe(s);
    expect(successorToken(key, 'token-1', 'attempt-fedcba9876543210')).not.toBe(s);
    expect(successorToken(key, 'token-2', 'attempt-0123456789abcdef')).not.toBe(s);
    expect(successorToken(other, 'token-1', 'attempt-0123456789abcdef')).not.toBe(s);
    expect(s).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('the same rotation presented again (same attempt, successor unused or not yet written) is not reuse; anything else is', async () => {
    const attempt = 'attempt-0123456789abcdef';
    const key = new Uint8Array(32).fill(1);
    const first = await issueRefresh(call, A, 30);
    const p = await inspectRefresh(call, first.token);
    if (p.kind !== 'valid') throw new Error('valid expected');
    const next = successorToken(key, first.token, attempt);
    expect(await markRotated(call, p.doc, next, attempt)).toBe(true);
    const used = await inspectRefresh(call, first.token);
    if (used.kind !== 'reused') throw new Error('reused expected');

    // The winner has not written the successor yet: the racing request of the same attempt waits for nothing.
    expect(await isSameRotation(call, used.doc, attempt, next)).toBe(true);
    // Both write it: the second finds it there, unused and of the family.
    await issueRefresh(call, A, 30, first.family, new Date(), next, true);
    await issueRefresh(call, A, 30, first.family, new Date(), next, true);
    expect(await isSameRotation(call, used.doc, attempt, next)).toBe(true);
    // Another attempt id, or none (a copy of the cookie without the app's storage), is reuse.
    expect(await isSameRotation(call, used.doc, 'another-attempt-0123456789', successorToken(key, first.token, 'another-attempt-0123456789'))).toBe(false);
    expect(await isSameRotation(call, used.doc, null, next)).toBe(false);
    // A stored token of another family is a collision, never shared.
    await expect(issueRefresh(call, A, 30, 'another-family', new Date(), next, true)).rejects.toThrow(/collision/);

    // Once the successor has been used, the app did get it: presenting the old one is reuse.
    const s = await inspectRefresh(call, next);
    if (s.kind !== 'valid') throw new Error('valid expected');
    expect(await markRotated(call, s.doc, 'third-token', 'attempt-fedcba9876543210')).toBe(true);
    expect(await isSameRotation(call, used.doc, attempt, next)).toBe(false);
  });

  it('a rotation may be presented again for a day, not longer', async () => {
    const attempt = 'attempt-0123456789abcdef';
    const first = await issueRefresh(call, A, 30);
    const p = await inspectRefresh(call, first.token);
    if (p.kind !== 'valid') throw new Error('valid expected');
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    expect(await markRotated(call, p.doc, 'lost-successor-token', attempt, dayAgo)).toBe(true);
    const used = await inspectRefresh(call, first.token);
    if (used.kind !== 'reused') throw new Error('reused expected');
    expect(await isSameRotation(call, used.doc, attempt, 'lost-successor-token')).toBe(false);
    expect(await isSameRotation(call, used.doc, attempt, 'lost-successor-token', new Date(dayAgo.getTime() + 60_000))).toBe(true);
  });

  it('unknown, empty, oversized and expired tokens are invalid', async () => {
    expect((await inspectRefresh(call, 'nope')).kind).toBe('invalid');
    expect((await inspectRefresh(call, '')).kind).toBe('invalid');
    expect((await inspectRefresh(call, 'x'.repeat(500))).kind).toBe('invalid');
    const old = await issueRefresh(call, A, 30, undefined, new Date(Date.now() - 31 * 86_400_000));
    expect((await inspectRefresh(call, old.token)).kind).toBe('invalid');
  });

  it('revoking a family revokes every token of it and nothing else', async () => {
    const first = await issueRefresh(call, A, 30);
    const second = await issueRefresh(call, A, 30, first.family);
    const otherDevice = await issueRefresh(call, A, 30);
    const otherUser = await issueRefresh(call, B, 30);
    expect(await revokeFamily(call, A, first.family)).toBe(2);
    expect((await inspectRefresh(call, first.token)).kind).toBe('invalid');
    expect((await inspectRefresh(call, second.token)).kind).toBe('invalid');
    expect((await inspectRefresh(call, otherDevice.token)).kind).toBe('valid');
    expect((await inspectRefresh(call, otherUser.token)).kind).toBe('valid');
  });

  it('revoking an account keeps the named family only', async () => {
    const mine = await issueRefresh(call, A, 30);
    const other1 = await issueRefresh(call, A, 30);
    const other2 = await issueRefresh(call, A, 30);
    const otherUser = await issueRefresh(call, B, 30);
    expect(await revokeAccountSessions(call, A, mine.family)).toBe(2);
    expect((await inspectRefresh(call, mine.token)).kind).toBe('valid');
    expect((await inspectRefresh(call, other1.token)).kind).toBe('invalid');
    expect((await inspectRefresh(call, other2.token)).kind).toBe('invalid');
    expect((await inspectRefresh(call, otherUser.token)).kind).toBe('valid');
    expect(await revokeAccountSessions(call, A)).toBe(1);
    expect((await inspectRefresh(call, mine.token)).kind).toBe('invalid');
  });

  it('revocation goes through more than one batch', async () => {
    const first = await issueRefresh(call, A, 30);
    for (let i = 0; i < 250; i++) await issueRefresh(call, A, 30, first.family);
    expect(await revokeFamily(call, A, first.family)).toBe(251);
  });

  it('prunes only expired tokens of the account', async () => {
    await issueRefresh(call, A, 30, undefined, new Date(Date.now() - 40 * 86_400_000));
    const live = await issueRefresh(call, A, 30);
    await issueRefresh(call, B, 30, undefined, new Date(Date.now() - 40 * 86_400_000));
    expect(await pruneExpiredSessions(call, A)).toBe(1);
    expect((await inspectRefresh(call, live.token)).kind).toBe('valid');
  });
});

describe('reset tokens', () => {
  it('are single-use, one hour, stored hashed in the shared schema', async () => {
    const token = await createResetToken(call, A);
    const doc = await checkResetToken(call, token);
    expect(doc).not.toBeNull();
    expect(parseDoc(await raw(doc!._id))).toMatchObject({ success: true });
    expect(doc!._id).not.toContain(token);
    expect(await spendResetToken(call, doc!)).toBe(true);
    expect(await checkResetToken(call, token)).toBeNull();
    expect(await spendResetToken(call, doc!)).toBe(false);
  });

  it('expire after an hour', async () => {
    const token = await createResetToken(call, A, new Date(Date.now() - 61 * 60_000));
    expect(await checkResetToken(call, token)).toBeNull();
    expect(await checkResetToken(call, 'garbage')).toBeNull();
  });
});
