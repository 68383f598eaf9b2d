// The carnival crowd (ADR 041): N members each hold a longpoll `_changes` feed on `chat`, then
// one public message goes to all of them. Delivery time (write to each answer complete) and the
// server's RSS at 2,000, 10,000 and 18,000 feeds.
//
// The client shares the machine's cores with the server, so it is kept to raw sockets and a
// few string operations per answer: no fetch, no agent, no timer per feed. Its sockets come
// from many loopback addresses, so the server's per-address caps are not what is measured.
import net from 'node:net';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { authHeaders, benchServer, report, rssMb, sized, stats, testTokens, type BenchServer } from './lib.ts';
import { makeMessage } from '../tests/fixtures/index.ts';

const CROWDS = sized([2_000, 10_000, 18_000], [50]);
/** Feeds per source address: far under any per-address cap. */
const FEEDS_PER_ADDRESS = 100;
/** Connections being opened at once: under the server's listen backlog. */
const CONNECTING = 200;
const P99_TARGET_MS = 1_000;
const RSS_TARGET_MB = 1_024;
/** Longest a feed may wait (the server clamps to 60 s); one answered early is opened again. */
const FEED_TIMEOUT_MS = 60_000;

interface Feed {
  address: string;
  request: string;
  socket: net.Socket | null;
  text: string;
  /** Where the body starts in `text`, once the head has come. */
  bodyAt: number;
  status: number;
  contentLength: number;
  chunked: boolean;
  doneAt: number;
  delivered: boolean;
}

export interface Round {
  n: number;
  delivered: number;
  p50: number;
  p99: number;
  rssParked: number;
  rssPeak: number;
  reopened: number;
}

/** CPU ticks the process has used (user + system), from /proc. */
function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8') as string;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until the server has gone quiet (its feeds parked): at most 2 ticks in 500 ms. */
export async function serverQuiet(pid: number, maxMs: number): Promise<void> {
  const deadline = Date.now() + maxMs;
  let before = cpuTicks(pid);
  while (Date.now() < deadline) {
    await sleep(500);
    const now = cpuTicks(pid);
    if (now - before <= 2) return;
    before = now;
  }
}

/** Whether the answer in `f.text` is whole; fills in the head's fields as it comes. */
function complete(f: Feed): boolean {
  if (f.bodyAt === 0) {
    const end = f.text.indexOf('\r\n\r\n');
    if (end < 0) return false;
    const head = f.text.slice(0, end).toLowerCase();
    f.bodyAt = end + 4;
    f.status = Number(head.slice(9, 12));
    const cl = /\r\ncontent-length:\s*(\d+)/.exec(head);
    f.contentLength = cl ? Number(cl[1]) : -1;
    f.chunked = /\r\ntransfer-encoding:\s*chunked/.test(head);
  }
  if (f.chunked) return f.text.endsWith('\r\n0\r\n\r\n');
  if (f.contentLength >= 0) return f.text.length - f.bodyAt >= f.contentLength;
  return false;
}

async function crowdRound(server: BenchServer, n: number, onParked?: (pid: number) => Promise<void>): Promise<Round> {
  const pid = server.child.pid as number;
  const port = Number(new URL(server.url).port);
  const sender = 'benchcrowdsender0000000000000000';
  const senderHeaders = await authHeaders(sender, ['member']);
  const info = (await (await fetch(`${server.dbUrl}/chat`, { headers: senderHeaders })).json()) as { update_seq: string | number };
  const since = encodeURIComponent(String(info.update_seq));
  const doc = makeMessage({ sender_id: sender, is_public: true, receiver_id: null }, n);
  const marker = JSON.stringify(doc._id);

  const addresses = Math.max(1, Math.ceil(n / FEEDS_PER_ADDRESS));
  const feeds: Feed[] = [];
  for (let i = 0; i < n; i++) {
    const member = `benchcrowd${String(i).padStart(22, '0')}`;
    const { token } = await testTokens.signAccess(member, ['member'], 3600);
    const a = i % addresses;
    feeds.push({
      address: `127.1.${Math.floor(a / 250)}.${(a % 250) + 1}`,
      request:
        `GET /db/chat/_changes?feed=longpoll&since=${since}&timeout=${FEED_TIMEOUT_MS} HTTP/1.1\r\n` +
        `Host: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\nAccept: application/json\r\n\r\n`,
      socket: null,
      text: '',
      bodyAt: 0,
      status: 0,
      contentLength: -1,
      chunked: false,
      doneAt: 0,
      delivered: false,
    });
  }

  let sent = 0;
  let reopened = 0;
  let answered = 0;
  let failed = 0;
  let allAnswered: () => void = () => undefined;
  const everyAnswer = new Promise<void>((r) => {
    allAnswered = r;
  });

  // A failure inside a socket's handler ends the round rather than the process.
  let fail: (err: Error) => void = () => undefined;
  const broken = new Promise<never>((_, reject) => {
    fail = reject;
  });
  broken.catch(() => undefined);

  const settle = (f: Feed, delivered: boolean, why: string) => {
    if (f.doneAt !== 0) return;
    f.doneAt = performance.now();
    f.delivered = delivered;
    if (!delivered && failed++ === 0) console.log(`      (a feed without the message: ${why.slice(0, 300).replace(/\r\n/g, ' | ')})`);
    if (++answered === feeds.length) allAnswered();
  };

  let connecting = 0;
  let next = 0;
  let opened: () => void = () => undefined;
  const allOpened = new Promise<void>((r) => {
    opened = r;
  });
  const openMore = () => {
    while (connecting < CONNECTING && next < feeds.length) open(feeds[next++] as Feed);
    if (next === feeds.length && connecting === 0) opened();
  };
  const ask = (f: Feed, socket: net.Socket) => {
    f.text = '';
    f.bodyAt = 0;
    socket.write(f.request);
  };
  // Connections are kept alive, as a browser's are: a feed asks again on its own connection.
  const open = (f: Feed) => {
    connecting++;
    const socket = net.connect({ host: '127.0.0.1', port, localAddress: f.address });
    f.socket = socket;
    socket.setNoDelay(true);
    let connected = false;
    socket.once('connect', () => {
      connected = true;
      ask(f, socket);
      connecting--;
      openMore();
    });
    socket.on('data', (chunk: Buffer) => {
      f.text += chunk.toString('latin1');
      if (!complete(f)) return;
      if (sent === 0) {
        // Answered before the message: its wait ran out while the crowd gathered. A client
        // asks again at once; so does this one.
        if (f.status !== 200) return fail(new Error(`a feed was refused before the message: ${f.text.slice(0, 300)}`));
        reopened++;
        ask(f, socket);
        return;
      }
      const has = f.status === 200 && f.text.includes(marker, f.bodyAt);
      if (!has && f.status === 200 && /"results":\[\s*\]/.test(f.text.slice(f.bodyAt))) {
        // Its wait ran out as the message was written: the client asks again, and the message
        // reaches it late; the time counts from the write all the same.
        reopened++;
        ask(f, socket);
        return;
      }
      settle(f, has, f.text);
    });
    socket.on('close', () => {
      if (sent !== 0) settle(f, false, 'the server closed the connection');
    });
    socket.on('error', (err) => {
      if (!connected) {
        connecting--;
        fail(new Error(`connecting from ${f.address} failed: ${err.message}`));
        return;
      }
      if (sent !== 0) settle(f, false, err.message);
    });
  };

  try {
    openMore();
    await Promise.race([allOpened, broken]);
    await serverQuiet(pid, 40_000);
    await onParked?.(pid);
    const rssParked = rssMb(pid);
    let rssPeak = rssParked;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, rssMb(pid));
    }, 100);
    try {
      sent = performance.now();
      const put = await fetch(`${server.dbUrl}/chat/${encodeURIComponent(doc._id)}`, { method: 'PUT', headers: senderHeaders, body: JSON.stringify(doc) });
      if (put.status !== 201) throw new Error(`chat write failed: ${put.status} ${await put.text()}`);
      await Promise.race([everyAnswer, broken, sleep(30_000)]);
    } finally {
      clearInterval(sampler);
    }
    rssPeak = Math.max(rssPeak, rssMb(pid));
    const times = feeds.filter((f) => f.delivered).map((f) => f.doneAt - sent);
    const s = stats(times);
    return { n, delivered: times.length, p50: s.p50, p99: s.p99, rssParked, rssPeak, reopened };
  } finally {
    for (const f of feeds) f.socket?.destroy();
  }
}

/**
 * One crowd of `n` on a fresh server. For a look inside: `env` goes to the server (a profile:
 * NODE_OPTIONS=--cpu-prof), `onParked` runs once every feed waits (a heap snapshot).
 */
export async function measureCrowd(n: number, env: Record<string, string> = {}, onParked?: (pid: number) => Promise<void>): Promise<Round> {
  const server = await benchServer({ WORKERS: 'false', ...env });
  try {
    return await crowdRound(server, n, onParked);
  } finally {
    await server.stop();
  }
}

export async function crowd(): Promise<void> {
  for (const n of CROWDS) {
    const r = await measureCrowd(n);
    const all = r.delivered === n;
    const count = n.toLocaleString('en-US');
    report(`crowd of ${count}: one public message, delivery p99`, `${r.p99.toFixed(0)} ms`, `all delivered, p99 <= ${P99_TARGET_MS} ms`, all && r.p99 <= P99_TARGET_MS);
    report(`crowd of ${count}: server RSS`, `${r.rssPeak.toFixed(0)} MB`, `<= ${RSS_TARGET_MB} MB`, r.rssPeak <= RSS_TARGET_MB);
    console.log(
      `      N ${count.padStart(6)} | delivered ${r.delivered.toLocaleString('en-US')} of ${count} | p50 ${r.p50.toFixed(0)} ms | p99 ${r.p99.toFixed(0)} ms | ` +
        `RSS ${r.rssPeak.toFixed(0)} MB (parked ${r.rssParked.toFixed(0)} MB) | reopened ${r.reopened} | load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`,
    );
  }
}
