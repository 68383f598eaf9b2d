// Issue 13: Public Chat posts per member per minute, counted in new messages; a batch that does
// not fit is cut in order.
import { describe, expect, it } from 'vitest';
import { ChatPostRate, chatPostsOf, cutBulk } from '../../sync-server/src/gateway/chat-rate.ts';

const member = { name: 'u1', roles: ['member'] };
const other = { name: 'u2', roles: ['member'] };
const admin = { name: 'a1', roles: ['member', 'admin'] };
const post = (i: number) => ({ _id: `message:2025-02-01T10:00:0${i}.000Z:r${i}`, content: `m${i}` });
const gone = (i: number) => ({ _id: `message:old:${i}`, _rev: '1-a', _deleted: true });

describe('ChatPostRate', () => {
  it('allows N posts a minute, refuses the next with the reason and when to retry', () => {
    const rate = new ChatPostRate(3);
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) expect(rate.take(member, 1, t0 + i * 1000).allowed).toBe(1);
    const refused = rate.take(member, 1, t0 + 10_000);
    expect(refused.allowed).toBe(0);
    expect(refused.retryAfter).toBe(50);
    expect(refused.reason).toBe("You're posting too fast: at most 3 messages a minute in Public Chat. Try again in 50 s.");
    // The first post leaves the window a minute later: one more fits.
    expect(rate.take(member, 1, t0 + 60_001).allowed).toBe(1);
  });

  it('counts each member apart, and never admins', () => {
    const rate = new ChatPostRate(1);
    expect(rate.take(member, 1).allowed).toBe(1);
    expect(rate.take(member, 1).allowed).toBe(0);
    expect(rate.take(other, 1).allowed).toBe(1);
    for (let i = 0; i < 5; i++) expect(rate.take(admin, 10).allowed).toBe(10);
  });

  it('lets part of a batch through', () => {
    const rate = new ChatPostRate(5);
    expect(rate.take(member, 3).allowed).toBe(3);
    const v = rate.take(member, 4);
    expect(v.allowed).toBe(2);
    expect(v.reason).toMatch(/at most 5 messages a minute/);
  });
});

describe('chatPostsOf and cutBulk', () => {
  it('counts new messages, not deletions', () => {
    expect(chatPostsOf('POST', '_bulk_docs', { docs: [post(1), gone(1), post(2)] })).toBe(2);
    expect(chatPostsOf('PUT', 'message:x', post(1))).toBe(1);
    expect(chatPostsOf('PUT', 'message:x', gone(1))).toBe(0);
    expect(chatPostsOf('POST', undefined, post(1))).toBe(1);
    expect(chatPostsOf('POST', '_all_docs', { keys: [] })).toBe(0);
  });

  it('keeps deletions and the first posts that fit, in order, and names the rest', () => {
    const body = { docs: [post(1), gone(1), post(2), post(3), gone(2), post(4)], new_edits: false };
    const { kept, refused } = cutBulk(body, 2);
    expect(kept.new_edits).toBe(false);
    expect(kept.docs).toEqual([post(1), gone(1), post(2), gone(2)]);
    expect(refused).toEqual([post(3)._id, post(4)._id]);
  });
});
