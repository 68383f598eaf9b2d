// ADR 024: a push the server holds back with a 429 (Public Chat's posting rate) is shown as a
// per-database notice with the server's reason, and cleared after the next successful push.
import { describe, expect, it } from 'vitest';
import { createSyncStatus } from '../../web/src/data/sync-status.ts';
import { rateLimitReason } from '../../web/src/data/replication-failures.ts';

const REASON = "You're posting too fast: at most 20 messages a minute in Public Chat. Try again in 12 s.";

describe('push notices', () => {
  it('records a notice per database and clears it', () => {
    const s = createSyncStatus();
    expect(s.getSnapshot().notices).toEqual({});
    s.setNotice('chat', REASON);
    expect(s.getSnapshot().notices).toEqual({ chat: REASON });
    expect(s.notice('chat')).toBe(REASON);
    expect(s.notice('userdb')).toBeNull();
    s.setNotice('chat', null);
    expect(s.getSnapshot().notices).toEqual({});
    expect(s.notice('chat')).toBeNull();
  });

  it('keeps the snapshot when the same notice is set again, and forgets notices on sign-out', () => {
    const s = createSyncStatus();
    s.setNotice('chat', REASON);
    const first = s.getSnapshot();
    s.setNotice('chat', REASON);
    expect(s.getSnapshot()).toBe(first);
    s.resetMember();
    expect(s.getSnapshot().notices).toEqual({});
  });

  it('reads the reason of a whole-request 429 and of a per-document one', () => {
    expect(rateLimitReason({ status: 429, name: 'too_many_requests', reason: REASON, message: REASON })).toBe(REASON);
    expect(rateLimitReason({ id: 'message:x', error: 'too_many_requests', reason: REASON })).toBe(REASON);
    // A full userdb: the writes wait on the device and the member is told why.
    const FULL = 'Your space on Fete is full (50000 items). Remove some to add more.';
    expect(rateLimitReason({ status: 413, name: 'quota_exceeded', reason: FULL })).toBe(FULL);
    expect(rateLimitReason({ status: 413, name: 'document_too_large', reason: 'x' })).toBeNull();
    expect(rateLimitReason({ status: 429 })).toMatch(/slow down/);
  });

  it('ignores every other failure', () => {
    expect(rateLimitReason({ status: 403, reason: 'forbidden' })).toBeNull();
    expect(rateLimitReason({ status: 500 })).toBeNull();
    expect(rateLimitReason(new Error('fetch failed'))).toBeNull();
    expect(rateLimitReason(undefined)).toBeNull();
  });
});
