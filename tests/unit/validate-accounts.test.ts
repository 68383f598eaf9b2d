import { describe, expect, it } from 'vitest';
import {
  account, admin, emailDoc, judgeFor, member, profile, pushDevices, received, refresh, reset, revocation, server, tombstone, uploadRecord, uploadUsage, visitor,
} from './validate-support.ts';

const judge = judgeFor('accounts');
const docs = [account(), emailDoc(), refresh(), reset(), pushDevices(), received(), uploadRecord(), uploadUsage()];

describe('accounts', () => {
  it.each(docs.map((d) => [d.type, d]))('keeps %s documents server-only', (_t, doc) => {
    expect(judge(doc, null, visitor)).toBe('unauthorized');
    expect(judge(doc, null, member)).toBe('forbidden');
    expect(judge(doc, null, admin)).toBe('forbidden');
    expect(judge(tombstone(doc), doc, admin)).toBe('forbidden');
    expect(judge(doc, null, server)).toBe('allow');
    expect(judge({ ...doc, _rev: '1-a' }, doc, server)).toBe('allow');
    expect(judge(tombstone(doc), doc, server)).toBe('allow');
  });

  it('refuses malformed records from the server', () => {
    expect(judge(account({ role: 'root' }), null, server)).toBe('forbidden');
    expect(judge(account({ membership_type: 'silver' }), null, server)).toBe('forbidden');
    expect(judge(account({ password_hash: '' }), null, server)).toBe('forbidden');
    expect(judge(emailDoc({ _id: 'email:Maya@Example.com' }), null, server)).toBe('forbidden');
    expect(judge(emailDoc({ _id: 'email: maya@example.com' }), null, server)).toBe('forbidden');
    expect(judge(refresh({ _id: 'refresh:a:b' }), null, server)).toBe('forbidden');
    expect(judge(reset({ expires_at: 'soon' }), null, server)).toBe('forbidden');
    expect(judge(profile(), null, server)).toBe('forbidden');
  });

  it('keeps a member\'s push devices: one document per member, at most 10 devices, well formed', () => {
    const device = (pushDevices().devices as Record<string, unknown>[])[0] as Record<string, unknown>;
    expect(judge(pushDevices({ devices: [] }), null, server)).toBe('allow');
    expect(judge(pushDevices({ devices: Array.from({ length: 10 }, (_, i) => ({ ...device, endpoint: `https://fcm.googleapis.com/fcm/send/${i}` })) }), null, server)).toBe('allow');
    expect(judge(pushDevices({ devices: Array.from({ length: 11 }, (_, i) => ({ ...device, endpoint: `https://fcm.googleapis.com/fcm/send/${i}` })) }), null, server)).toBe('forbidden');
    expect(judge(pushDevices({ _id: 'push:u2' }), null, server)).toBe('forbidden');
    expect(judge(pushDevices({ devices: [{ ...device, p256dh: 'short' }] }), null, server)).toBe('forbidden');
    expect(judge(pushDevices({ devices: [{ ...device, auth: `${'a'.repeat(22)}==` }] }), null, server)).toBe('allow');
    expect(judge(pushDevices({ devices: [{ ...device, endpoint: `https://x.example/${'a'.repeat(2048)}` }] }), null, server)).toBe('forbidden');
    expect(judge(pushDevices({ devices: [{ ...device, note: 'x' }] }), null, server)).toBe('forbidden');
  });

  it('holds revocations of an account, and of one signed-out session (ADR 056)', () => {
    expect(judge(revocation(), null, server)).toBe('allow');
    expect(judge(revocation({ _id: 'revocation:u1:Ab_3-x', session: 'Ab_3-x' }), null, server)).toBe('allow');
    expect(judge(revocation({ _id: 'revocation:u1:Ab_3-x', session: 'Ab_3-x' }), null, member)).toBe('forbidden');
    expect(judge(revocation({ _id: 'revocation:u1:other', session: 'Ab_3-x' }), null, server)).toBe('forbidden');
    expect(judge(revocation({ _id: 'revocation:u1:Ab_3-x' }), null, server)).toBe('forbidden');
    expect(judge(revocation({ _id: 'revocation:u1:a b', session: 'a b' }), null, server)).toBe('forbidden');
    expect(judge(refresh({ session_started_at: '2026-11-25T12:00:00.000Z' }), null, server)).toBe('allow');
    expect(judge(refresh({ session_started_at: 'long ago' }), null, server)).toBe('forbidden');
  });

  it('holds leases between servers (ADR 016): only the server writes them, well formed', () => {
    const lease = { _id: 'lease:demo-seed', type: 'lease', holder: 'host:3000:/srv/fete', expires_at: '2026-11-25T12:00:00.000Z' };
    expect(judge(lease, null, server)).toBe('allow');
    expect(judge(lease, null, member)).toBe('forbidden');
    expect(judge(lease, null, admin)).toBe('forbidden');
    expect(judge({ ...lease, _id: 'lease:Demo Seed' }, null, server)).toBe('forbidden');
    expect(judge({ ...lease, holder: '' }, null, server)).toBe('forbidden');
    expect(judge({ ...lease, expires_at: 'later' }, null, server)).toBe('forbidden');
  });

  it('keeps upload records and upload byte counts (ADR 055): one per upload and per member, well formed', () => {
    expect(judge(uploadRecord(), null, server)).toBe('allow');
    // The id is the path, and the path starts with the owner's folder.
    expect(judge(uploadRecord({ _id: 'upload:u1/1735725600000-0123456789ac.webp' }), null, server)).toBe('forbidden');
    expect(judge(uploadRecord({ owner: 'u2' }), null, server)).toBe('forbidden');
    expect(judge(uploadRecord({ _id: 'upload:u1/../x.webp', path: 'u1/../x.webp' }), null, server)).toBe('forbidden');
    expect(judge(uploadRecord({ bucket: 'secrets' }), null, server)).toBe('forbidden');
    expect(judge(uploadRecord({ bytes: -1 }), null, server)).toBe('forbidden');
    expect(judge(uploadRecord({ refs: Array.from({ length: 21 }, (_, i) => `catalog/event:${i}`) }), null, server)).toBe('forbidden');
    expect(judge(uploadUsage(), null, server)).toBe('allow');
    expect(judge(uploadUsage({ _id: 'upload_usage:u2' }), null, server)).toBe('forbidden');
    expect(judge(uploadUsage({ returned: Array.from({ length: 51 }, (_, i) => `upload:${i}`) }), null, server)).toBe('forbidden');
  });

  it('counts a member\'s received messages in one document per member (ADR 052), well formed', () => {
    expect(judge(received({ count: 0, bytes: 0, freed: [] }), null, server)).toBe('allow');
    expect(judge(received({ _id: 'received:u2' }), null, server)).toBe('forbidden');
    expect(judge(received({ count: -1 }), null, server)).toBe('forbidden');
    expect(judge(received({ bytes: 1.5 }), null, server)).toBe('forbidden');
    expect(judge(received({ freed: Array.from({ length: 101 }, (_, i) => `message:x${i}`) }), null, server)).toBe('forbidden');
  });
});
