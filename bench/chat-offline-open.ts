// Fete Chat opened offline with the public room's window on the device (ADR 025): navigation
// to the first message list on screen, in Chromium, with 500 public messages kept locally.
// The server holds more than the window, so the device's purge is checked on the way (IndexedDB
// is the adapter that has purge). Target: p99 <= 400 ms.
import { benchServer, report, sized, stats } from './lib.ts';
import type { BenchServer } from './lib.ts';
import { ensureBuilt } from './app-shell-size.ts';
import { CHAT_BENCH_ENV, openChat, openPhone, waitForServiceWorker } from './chat-support.ts';
import { signUp } from '../tests/integration/helpers/accounts.ts';
import { CHAT_WINDOW_MAX } from '../web/src/data/sync-plan.ts';

const RUNS = sized(15, 2);
/** More than the window: the device keeps the newest 500. */
const ON_SERVER = CHAT_WINDOW_MAX + 100;

type Ready = { __chatReady?: number; __chatFull?: number };

async function seedPublicRoom(server: BenchServer, token: string, userId: string, tag: string): Promise<string[]> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' };
  // The last few hours, one message a few seconds apart, oldest first.
  const start = Date.now() - ON_SERVER * 5000 - 60_000;
  const docs = Array.from({ length: ON_SERVER }, (_, i) => {
    const at = new Date(start + i * 5000).toISOString();
    return {
      _id: `message:${at}:${tag}${i}`, type: 'message', content: `${tag} message ${i}: who playing mas this year?`, sender_id: userId,
      receiver_id: null, is_public: true, read: false, created_at: at,
    };
  });
  for (let i = 0; i < docs.length; i += 100) {
    const res = await fetch(`${server.dbUrl}/chat/_bulk_docs`, { method: 'POST', headers, body: JSON.stringify({ docs: docs.slice(i, i + 100) }) });
    const rows = (await res.json()) as Array<{ error?: string; reason?: string }>;
    const bad = Array.isArray(rows) ? rows.find((r) => r.error) : rows;
    if (!res.ok || bad) throw new Error(`chat _bulk_docs: ${res.status} ${JSON.stringify(bad)}`);
  }
  return docs.map((d) => d.content);
}

/** Public messages in the member's local chat database (IndexedDB), straight from its store. */
async function messagesOnDevice(page: import('@playwright/test').Page, userId: string): Promise<number> {
  return page.evaluate(async (id) => {
    const wanted = (await indexedDB.databases()).map((d) => d.name ?? '').find((n) => n.includes(`-u-${id}-chat`));
    if (!wanted) return -1;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(wanted);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    try {
      const store = db.transaction('docs', 'readonly').objectStore('docs');
      const range = IDBKeyRange.bound('message:', 'message:\ufff0');
      return await new Promise<number>((resolve, reject) => {
        let n = 0;
        const req = store.openCursor(range);
        req.onsuccess = () => {
          const cursor = req.result;
          if (!cursor) return resolve(n);
          if (!(cursor.value as { deleted?: number }).deleted) n++;
          cursor.continue();
        };
        req.onerror = () => reject(req.error);
      });
    } finally {
      db.close();
    }
  }, userId);
}

export async function chatOfflineOpen(): Promise<void> {
  ensureBuilt();
  const server = await benchServer(CHAT_BENCH_ENV);
  const phone = await openPhone(server);
  try {
    const member = await signUp(server.url, { first_name: 'Bench', last_name: 'Reader' });
    const tag = `bench${Date.now().toString(36)}`;
    const contents = await seedPublicRoom(server, member.token, member.userId, tag);
    const newest = contents.at(-1)!;
    const oldestKept = contents.at(-CHAT_WINDOW_MAX)!;

    // Records when the first message list is on screen, from navigation start.
    // Records when the first message list is on screen, and when the whole window is, from
    // navigation start. The first may be the newest messages only (chat-snapshot.ts).
    await phone.page.addInitScript((full) => {
      const w = window as unknown as Ready;
      const observer = new MutationObserver(() => {
        const shown = document.querySelectorAll('[data-testid="chat-message"]').length;
        if (w.__chatReady === undefined && shown > 0) w.__chatReady = performance.now();
        if (w.__chatFull === undefined && shown >= full) {
          w.__chatFull = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    }, CHAT_WINDOW_MAX);
    await openChat(phone, member);
    await waitForServiceWorker(phone.page);
    // The whole window on the device and on screen before going offline, and the rest purged.
    await phone.page.getByText(newest, { exact: true }).waitFor({ timeout: 120_000 });
    await phone.page.getByText(oldestKept, { exact: true }).waitFor({ timeout: 120_000 });
    let stored = -1;
    const deadline = Date.now() + 30_000;
    while ((stored = await messagesOnDevice(phone.page, member.userId)) > CHAT_WINDOW_MAX && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
    }
    const shown = await phone.page.getByTestId('chat-message').filter({ hasText: tag }).count();
    report(`chat window on the device (${ON_SERVER} on the server)`, `${stored} kept, ${shown} shown`, `<= ${CHAT_WINDOW_MAX}`, stored >= 0 && stored <= CHAT_WINDOW_MAX && shown === CHAT_WINDOW_MAX);

    await phone.context.setOffline(true);
    await phone.page.reload(); // warm-up
    await phone.page.waitForFunction(() => (window as unknown as Ready).__chatReady !== undefined, null, { timeout: 30_000 });
    const first: number[] = [];
    const whole: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await phone.page.reload();
      await phone.page.waitForFunction(() => (window as unknown as Ready).__chatFull !== undefined, null, { timeout: 30_000 });
      const t = await phone.page.evaluate(() => [(window as unknown as Ready).__chatReady!, (window as unknown as Ready).__chatFull!]);
      first.push(t[0]!);
      whole.push(t[1]!);
    }
    const s = stats(first);
    report(`chat offline, navigation -> first message list, ${CHAT_WINDOW_MAX} on device (n=${s.n})`, `p50 ${s.p50.toFixed(0)} ms p99 ${s.p99.toFixed(0)} ms`, 'p99 <= 400 ms', s.p99 <= 400);
    const w = stats(whole);
    console.log(`info  chat offline, navigation -> all ${CHAT_WINDOW_MAX} messages on screen: p50 ${w.p50.toFixed(0)} ms p99 ${w.p99.toFixed(0)} ms`);
  } finally {
    await phone.close();
    await server.stop();
  }
}
