// Chat send-to-render between two real browser contexts (two members' phones) on this machine
// (ADR 025): A presses Send, B's chat shows the message; 100 messages one at a time, in Public
// Chat and then privately (through the server's fan-out worker). Both pages run in Chromium on one machine, so `performance.timeOrigin + now()` is one
// clock for both. Targets: p50 <= 150 ms, p99 <= 300 ms, public and private alike.
import { benchServer, report, sized, stats } from './lib.ts';
import { ensureBuilt } from './app-shell-size.ts';
import { CHAT_BENCH_ENV, openChat, openPhone } from './chat-support.ts';
import { signUp } from '../tests/integration/helpers/accounts.ts';
import type { Page } from '@playwright/test';

const MESSAGES = sized(100, 5);
const WARM_UP = sized(5, 1);
const TARGET = 'p50 <= 150 ms, p99 <= 300 ms';

type Seen = { __benchSeen?: Record<string, number>; __benchWaiters?: Record<string, (at: number) => void> };

/**
 * When B's observer saw message `key`, resolved by the observer itself. Not waitForFunction: it
 * polls on every animation frame, and those frames (style, paint, commit at 60 Hz) ran on B's main
 * thread alongside the very work this bench measures.
 */
function seenIn(page: Page, key: string): Promise<number> {
  return page.evaluate(
    (n) =>
      new Promise<number>((resolve, reject) => {
        const w = window as unknown as Seen;
        const at = w.__benchSeen?.[n];
        if (at !== undefined) return resolve(at);
        const timer = setTimeout(() => reject(new Error(`message ${n} not drawn in 30 s`)), 30_000);
        w.__benchWaiters![n] = (t) => {
          clearTimeout(timer);
          resolve(t);
        };
      }),
    key,
  );
}

export async function chatSendRender(): Promise<void> {
  ensureBuilt();
  const server = await benchServer(CHAT_BENCH_ENV);
  const a = await openPhone(server);
  const b = await openPhone(server);
  try {
    const sender = await signUp(server.url, { first_name: 'Sam', last_name: 'Sender' });
    const reader = await signUp(server.url, { first_name: 'Reed', last_name: 'Reader' });
    await openChat(a, sender);
    await openChat(b, reader);
    const tag = `bench${Date.now().toString(36)}`;

    // B notes when each tagged message is first in its DOM (the observer survives room changes).
    await b.page.evaluate((t) => {
      const w = window as unknown as Seen;
      w.__benchSeen = {};
      w.__benchWaiters = {};
      const pattern = new RegExp(`${t}#(\\w+)#`, 'g');
      const observer = new MutationObserver((records) => {
        const at = performance.timeOrigin + performance.now();
        for (const r of records) {
          for (const node of r.addedNodes) {
            for (const m of (node.textContent ?? '').matchAll(pattern)) {
              const k = m[1]!;
              if (w.__benchSeen![k] !== undefined) continue;
              w.__benchSeen![k] = at;
              w.__benchWaiters![k]?.(at);
            }
          }
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    }, tag);

    /** Sends WARM_UP + MESSAGES messages from A, one at a time; the send-to-render times in B. */
    async function measure(room: string, placeholder: string): Promise<number[]> {
      const input = a.page.getByPlaceholder(placeholder, { exact: true });
      const samples: number[] = [];
      for (let i = 0; i < WARM_UP + MESSAGES; i++) {
        const key = `${room}${i}`;
        await input.fill(`${tag}#${key}# send to render`);
        // Press Send inside the page, so t0 is taken on the same clock, right at the click.
        const t0 = await a.page.evaluate(() => {
          const send = [...document.querySelectorAll('button')].find((el) => el.textContent?.trim() === 'Send');
          if (!send) throw new Error('no Send button');
          const at = performance.timeOrigin + performance.now();
          send.click();
          return at;
        });
        const t1 = await seenIn(b.page, key);
        if (i >= WARM_UP) samples.push(t1 - t0);
      }
      return samples;
    }

    const pub = stats(await measure('p', 'Message everyone...'));
    report(`chat send -> render in B, Public Chat (n=${pub.n})`, `p50 ${pub.p50.toFixed(0)} ms p99 ${pub.p99.toFixed(0)} ms`, TARGET, pub.p50 <= 150 && pub.p99 <= 300);

    // Private: A's userdb, the server's fan-out worker, B's userdb. Both have the conversation open.
    await a.page.goto(`/fete-chat?selectedUserId=${reader.userId}`);
    await a.page.getByPlaceholder('Message Reed...', { exact: true }).waitFor({ timeout: 60_000 });
    await b.page.getByRole('button', { name: /^Sam/ }).first().click();
    await b.page.getByPlaceholder('Message Sam...', { exact: true }).waitFor({ timeout: 60_000 });
    const dm = stats(await measure('d', 'Message Reed...'));
    report(`chat send -> render in B, private (n=${dm.n})`, `p50 ${dm.p50.toFixed(0)} ms p99 ${dm.p99.toFixed(0)} ms`, TARGET, dm.p50 <= 150 && dm.p99 <= 300);
  } finally {
    await a.close();
    await b.close();
    await server.stop();
  }
}
