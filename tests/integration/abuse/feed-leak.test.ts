// Open feeds per account are counted from the moment the gateway takes one until the answer has
// been sent or the client has gone. A client that hung up while the gateway was still checking
// its request (its token, its bounds) was never seen to go: the count kept its feed for good,
// and an account used on many devices (the demo member in the browser suite) ended up refused
// every feed, 429, so its device could pull nothing. Against a real process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAbuseServer, type AbuseServer } from './harness.ts';

const MEMBER = 'e1000000000000000000000000000001';
let s: AbuseServer;
let token: string;

beforeAll(async () => {
  s = await startAbuseServer({ FEEDS_PER_USER: '10', FEEDS_PER_IP: '100000' });
  token = await s.token(MEMBER);
});
afterAll(async () => {
  await s?.close();
});

function feed(signal: AbortSignal): Promise<number> {
  return fetch(`${s.dbUrl}/members/_changes?feed=longpoll&since=now&timeout=20000`, { signal, headers: { authorization: `Bearer ${token}` } }).then(
    async (res) => {
      await res.text().catch(() => '');
      return res.status;
    },
    () => 0,
  );
}

describe('open feeds of an account', () => {
  it('are given back when the client hangs up at any moment, even before the feed began', async () => {
    // Hang-ups spread over the first milliseconds: during the token check, the bounds, the wait.
    for (let round = 0; round < 20; round++) {
      const all = Array.from({ length: 30 }, (_, i) => {
        const ctl = new AbortController();
        setTimeout(() => ctl.abort(), (i % 10) / 2);
        return feed(ctl.signal);
      });
      await Promise.all(all);
    }
    await new Promise((r) => setTimeout(r, 500));
    // The account may hold its 10 feeds again.
    const ctl = new AbortController();
    const statuses: (number | null)[] = Array(10).fill(null);
    const feeds = Array.from({ length: 10 }, (_, i) => feed(ctl.signal).then((st) => (statuses[i] = st)));
    await new Promise((r) => setTimeout(r, 1500));
    ctl.abort();
    await Promise.all(feeds);
    expect(statuses.filter((st) => st === 429)).toEqual([]);
  });
});
