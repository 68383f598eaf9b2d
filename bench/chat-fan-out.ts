// Time for one public chat message to reach 500 waiting longpoll feeds.
import { authHeaders, benchServer, report, sized, stats, type CouchEngine } from './lib.ts';
import { makeMessage } from '../tests/fixtures/index.ts';

const FEEDS = sized(500, 20);
const MESSAGES = sized(10, 2);

/** Milliseconds from the write to each of the 500 feeds' answers. */
export async function measureChatFanOut(couch?: CouchEngine): Promise<{ p50: number; p99: number; n: number }> {
  const server = await benchServer({ WORKERS: 'false' }, couch);
  try {
    const sender = 'benchchatsender00000000000000000';
    const headers = await authHeaders(sender, ['member']);
    const samples: number[] = [];
    for (let m = 0; m < MESSAGES; m++) {
      const info = (await (await fetch(`${server.dbUrl}/chat`, { headers })).json()) as { update_seq: string | number };
      const doc = makeMessage({ sender_id: sender, is_public: true, receiver_id: null }, m);
      let sent = 0;
      // A feed counts when its answer carries the message. One that answers without it (a
      // cluster's copy listing older changes past the info's update_seq) asks again from where
      // it got to, as a client would: timing that early answer would print a bogus tail.
      const feeds = Array.from({ length: FEEDS }, async () => {
        let since = String(info.update_seq);
        for (;;) {
          const res = await fetch(`${server.dbUrl}/chat/_changes?feed=longpoll&timeout=30000&since=${encodeURIComponent(since)}`, { headers });
          const body = (await res.json()) as { results: { id: string }[]; last_seq: string | number };
          if (sent && body.results.some((r) => r.id === doc._id)) return performance.now() - sent;
          if (sent && performance.now() - sent > 60_000) throw new Error(`a feed did not get message ${m} within 60 s`);
          since = String(body.last_seq);
        }
      });
      // Give every feed time to park on the server before the message is written.
      await new Promise((r) => setTimeout(r, 1500));
      sent = performance.now();
      const put = await fetch(`${server.dbUrl}/chat/${encodeURIComponent(doc._id)}`, { method: 'PUT', headers, body: JSON.stringify(doc) });
      if (put.status !== 201) throw new Error(`chat write failed: ${put.status} ${await put.text()}`);
      samples.push(...(await Promise.all(feeds)));
    }
    return stats(samples);
  } finally {
    await server.stop();
  }
}

export async function chatFanOut(): Promise<void> {
  const s = await measureChatFanOut();
  report(`public chat message -> ${FEEDS} longpoll feeds (n=${s.n})`, `p50 ${s.p50.toFixed(0)} ms p99 ${s.p99.toFixed(0)} ms`, 'p99 <= 500 ms', s.p99 <= 500);
}
