// Resident memory while the server holds 500 waiting longpoll `_changes` feeds. On Apache
// CouchDB the feeds are relayed, so both the Fete process and CouchDB's VM are measured.
import { authHeaders, benchServer, report, rssMb, sized, type CouchEngine } from './lib.ts';

export const FEEDS = sized(500, 20);

export interface FeedsRss {
  /** The Fete process, MB. */
  fete: number;
  /** CouchDB's Erlang VM, MB (Apache CouchDB only). */
  couch?: number;
  feteBefore: number;
}

export async function measureFeedsRss(couch?: CouchEngine): Promise<FeedsRss> {
  const server = await benchServer({ WORKERS: 'false' }, couch);
  try {
    const headers = await authHeaders('benchmember0000000000000000000000', ['member']);
    const info = (await (await fetch(`${server.dbUrl}/chat`, { headers })).json()) as { update_seq: string | number };
    const feteBefore = rssMb(server.child.pid as number);
    const controller = new AbortController();
    const feeds = Array.from({ length: FEEDS }, () =>
      fetch(`${server.dbUrl}/chat/_changes?feed=longpoll&timeout=60000&since=${encodeURIComponent(String(info.update_seq))}`, {
        headers,
        signal: controller.signal,
      }).catch(() => null),
    );
    // Let every feed reach the server and park.
    await new Promise((r) => setTimeout(r, 3000));
    const fete = rssMb(server.child.pid as number);
    const couchRss = couch ? couch.pids.reduce((sum, pid) => sum + rssMb(pid), 0) : undefined;
    controller.abort();
    await Promise.all(feeds);
    return couchRss === undefined ? { fete, feteBefore } : { fete, couch: couchRss, feteBefore };
  } finally {
    await server.stop();
  }
}

export async function changesFeedsRss(): Promise<void> {
  const r = await measureFeedsRss();
  report(`server RSS holding ${FEEDS} live _changes feeds`, `${r.fete.toFixed(0)} MB`, '<= 250 MB', r.fete <= 250);
  console.log(`      (RSS before the feeds: ${r.feteBefore.toFixed(0)} MB)`);
}
