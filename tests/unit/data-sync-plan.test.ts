import { describe, expect, it } from 'vitest';
import { cappedBackOff, chatSelector, chatWindowStart, ownMembersDoc } from '../../web/src/data/sync-plan.ts';
import { holdLock } from '../../web/src/data/web-locks.ts';

describe('sync plan', () => {
  it('caps the retry back-off at 30 s', () => {
    const next = cappedBackOff();
    const delays: number[] = [];
    let d = 0;
    for (let i = 0; i < 10; i++) delays.push((d = next(d)));
    expect(delays.slice(0, 4)).toEqual([1000, 2000, 4000, 8000]);
    expect(Math.max(...delays)).toBe(30_000);
  });

  it('chat pulls from 30 days back (floored to a weekly step), as an _id range that keeps tombstones', () => {
    // 2026-10-22 is the cutoff; the step floors it to the Thursday before (epoch weeks start on Thursday).
    expect(chatWindowStart(new Date('2026-11-21T12:00:00Z'))).toBe('2026-10-22');
    expect(chatWindowStart(new Date('2026-11-27T12:00:00Z'))).toBe('2026-10-22');
    expect(chatWindowStart(new Date('2026-11-28T12:00:00Z'))).toBe('2026-10-29');
    expect(chatSelector('2026-10-01')).toEqual({ _id: { $gte: 'message:2026-10-01', $lt: 'message:\ufff0' } });
  });

  it("pushes only the member's own members docs, deletions included", () => {
    const own = ownMembersDoc('u1');
    expect(own({ _id: 'profile:u1' })).toBe(true);
    expect(own({ _id: 'attendance:event:e1:u1', _deleted: true })).toBe(true);
    expect(own({ _id: 'rating:band:b1:u1' })).toBe(true);
    expect(own({ _id: 'rating:band:b1:u2' })).toBe(false);
    expect(own({ _id: 'profile:u2' })).toBe(false);
    expect(own({ _id: 'package:u1' })).toBe(false);
  });
});

describe('web locks helper', () => {
  it('without Web Locks runs at once', async () => {
    let ran = false;
    const held = holdLock(null, 'x', () => (ran = true));
    expect(ran).toBe(true);
    expect(await held.acquired).toBe(true);
  });

  it('a second holder waits, and a release while waiting gives up cleanly', async () => {
    const name = `unit-lock-${process.pid}-${Math.random()}`;
    const order: string[] = [];
    const first = holdLock(navigator.locks, name, () => order.push('first'));
    await first.acquired;
    const second = holdLock(navigator.locks, name, () => order.push('second'));
    const third = holdLock(navigator.locks, name, () => order.push('third'));
    third.release();
    expect(await third.acquired).toBe(false);
    first.release();
    expect(await second.acquired).toBe(true);
    expect(order).toEqual(['first', 'second']);
    second.release();
  });
});
