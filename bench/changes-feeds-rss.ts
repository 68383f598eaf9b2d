// The server's resident memory while it holds 500 waiting longpoll `_changes` feeds.
import { authHeaders, benchServer, report, rssMb } from './lib.ts';

export const FEEDS = 500;

export async function changesFeedsRss(): Promise<void> {
  const server = await benchServer({ WORKERS: 'false' });
  try {
    const headers = await authHeaders('benchmember0000000000000000000000', ['member']);
    const info = (await (await fetch(`${server.dbUrl}/chat`, { headers })).json()) as { update_seq: string | number };
    const before = rssMb(server.child.pid as number);
    const controller = new AbortController();
    const feeds = Array.from({ length: FEEDS }, () =>
      fetch(`${server.dbUrl}/chat/_changes?feed=longpoll&timeout=60000&since=${encodeURIComponent(String(info.update_seq))}`, {
        headers,
        signal: controller.signal,
      }).catch(() => null),
    );
    // Let every feed reach the server and park.
    await new Promise((r) => setTimeout(r, 3000));
    const holding = rssMb(server.child.pid as number);
    controller.abort();
    await Promise.all(feeds);
    report(`server RSS holding ${FEEDS} live _changes feeds`, `${holding.toFixed(0)} MB`, '<= 250 MB', holding <= 250);
    console.log(`      (RSS before the feeds: ${before.toFixed(0)} MB)`);
  } finally {
    await server.stop();
  }
}
