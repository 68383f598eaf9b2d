// Fete Nation with 10,000 profiles on the device (ADR 020's bound), in Chromium: how
// long until the first member cards are in the DOM when the members database is already local
// and the code cached, and how long a search keystroke takes to show its new result set. Timed
// inside the page like the Fete Guide bench, so Playwright's round trips do not count.
import { chromium } from '@playwright/test';
import type { Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { benchServer, report, sized, stats, testTokens } from './lib.ts';
import { ensureGuideBuild } from './guide-build.ts';
import { armKeystrokeProbe, clickAndTimeFirstCard, settle } from './guide-render.ts';
import { createFixtures } from '../tests/fixtures/index.ts';
import { FIRST_NAMES, LAST_NAMES } from '../tests/fixtures/content/people.ts';
import { CHROMIUM, CHROMIUM_ARGS } from '../tests/e2e/support/fixtures.ts';
import { signUp } from '../tests/integration/helpers/accounts.ts';
import { DIRECTORY_DEVICE_LIMIT, compareMembers, filterDirectory, toDirectoryEntry } from '../web/src/data/repos/profiles.ts';
import type { DirectoryEntry, Profile } from '../web/src/data/repos/profiles.ts';
import { memberCountText } from '../web/src/screens/nation/nation-logic.ts';
import { idOf } from '../design-docs/src/ids.ts';

/** Everyone the device keeps, the bench member included. */
const PROFILES = sized(DIRECTORY_DEVICE_LIMIT, 200);
const RENDER_RUNS = sized(15, 2);
const KEYSTROKES = sized(20, 3);
const RENDER_TARGET_MS = 400;
const KEYSTROKE_TARGET_MS = 50;

const CARD = '[data-testid="member-card"]';
const COUNT = '[data-testid="member-count"]';

async function loadMembers(dbUrl: string, docs: object[]): Promise<void> {
  const headers = { authorization: `Bearer ${await testTokens.serverToken()}`, 'content-type': 'application/json' };
  for (let i = 0; i < docs.length; i += 1000) {
    const res = await fetch(`${dbUrl}/members/_bulk_docs`, { method: 'POST', headers, body: JSON.stringify({ docs: docs.slice(i, i + 1000) }) });
    if (!res.ok) throw new Error(`loading the members: ${res.status} ${await res.text()}`);
    const failed = ((await res.json()) as Array<{ error?: string; reason?: string }>).filter((r) => r.error);
    if (failed.length) throw new Error(`loading the members: ${failed.length} refused, e.g. ${JSON.stringify(failed[0])}`);
  }
}

/**
 * Keystrokes whose every step changes the result count, so each has a DOM change to wait for:
 * a name typed a letter at a time for as long as each letter narrows the list, then erased.
 */
function keystrokePlan(entries: DirectoryEntry[], n: number): Array<{ key: string; expected: string }> {
  const count = (q: string) => filterDirectory(entries, { search: q }).length;
  const plan: Array<{ key: string; expected: string }> = [];
  const words = [...new Set([...LAST_NAMES, ...FIRST_NAMES].map((w) => w.toLowerCase()).filter((w) => /^[a-z]{3,}$/.test(w)))];
  const everyone = count('');
  for (const word of words) {
    let typed = '';
    let prev = everyone;
    for (const letter of word) {
      const c = count(typed + letter);
      if (c === prev) break;
      typed += letter;
      prev = c;
    }
    if (typed.length < 2) continue;
    for (let i = 1; i <= typed.length; i++) plan.push({ key: typed[i - 1] as string, expected: memberCountText(count(typed.slice(0, i))) });
    for (let i = typed.length - 1; i >= 0; i--) plan.push({ key: 'Backspace', expected: memberCountText(count(typed.slice(0, i))) });
    if (plan.length >= n) break;
  }
  return plan;
}

/** Leaves for a light page (the Fete Guide of an empty catalogue) and lets the main thread settle. */
async function leaveDirectory(page: Page): Promise<void> {
  await page.getByTestId('sidebar').getByRole('link', { name: 'Fete Guide', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Fete Guide' }).waitFor();
  await settle(page);
}

export async function directoryRender(): Promise<void> {
  const dist = ensureGuideBuild();
  const server = await benchServer({ SERVE_WEB: 'true', WEB_DIST: dist, WORKERS: 'false' });
  const profile = await mkdtemp(path.join(os.tmpdir(), 'fete-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    baseURL: server.url,
    viewport: { width: 1280, height: 900 },
  });
  try {
    const me = await signUp(server.url, { first_name: 'Bench', last_name: 'Member', territory: 'Barbados', locality: 'Bridgetown' });
    const fx = createFixtures({ seed: 'nation-bench', baseDate: '2026-01-15' });
    const docs = Array.from({ length: PROFILES - 1 }, (_, i) => fx.makeProfile({}, i));
    await loadMembers(server.dbUrl, docs);
    const entries = [...docs, { ...docs[0], _id: `profile:${me.userId}`, user_id: me.userId, first_name: 'Bench', last_name: 'Member' }]
      .map((d) => toDirectoryEntry({ ...d, id: idOf(d._id) } as unknown as Profile))
      .sort(compareMembers);

    // First visit: sign in, the service worker caches the code and the members are pulled.
    const page = context.pages()[0] ?? (await context.newPage());
    const signIn = await page.request.post('/api/auth/signin', { data: { email: me.email, password: me.password } });
    if (signIn.status() !== 200) throw new Error(`sign-in answered ${signIn.status()}`);
    await page.goto('/fete-nation');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise<void>((r) => navigator.serviceWorker.addEventListener('controllerchange', () => r(), { once: true }));
      }
    });
    await page.waitForFunction(() => document.querySelector('[data-testid="sync-status"]')?.getAttribute('data-state') === 'synced', null, { timeout: 120_000 });
    const all = memberCountText(entries.length);
    await page.waitForFunction(({ sel, text }) => document.querySelector(sel)?.textContent === text, { sel: COUNT, text: all }, { timeout: 60_000 });

    // (a1) In-app navigation to Fete Nation: the screen mounts, reads 10,000 profiles, renders.
    await leaveDirectory(page);
    await clickAndTimeFirstCard(page, 'Fete Nation', CARD); // warm-up
    const nav: number[] = [];
    for (let i = 0; i < RENDER_RUNS; i++) {
      await leaveDirectory(page);
      nav.push(await clickAndTimeFirstCard(page, 'Fete Nation', CARD));
    }

    // (a2) A reload of /fete-nation: the app starts from the cached shell and local data.
    await page.addInitScript((card) => {
      const w = window as unknown as { __firstCard?: number };
      const obs = new MutationObserver(() => {
        if (!document.querySelector(card)) return;
        w.__firstCard = performance.now();
        obs.disconnect();
      });
      obs.observe(document, { childList: true, subtree: true });
    }, CARD);
    const reload: number[] = [];
    await page.reload();
    for (let i = 0; i < RENDER_RUNS; i++) {
      await page.reload();
      reload.push(await page.waitForFunction(() => (window as unknown as { __firstCard?: number }).__firstCard, null, { timeout: 30_000 }).then((h) => h.jsonValue() as Promise<number>));
    }

    // (b) Keystrokes in the search box, each changing the result set.
    await page.waitForFunction(({ sel, text }) => document.querySelector(sel)?.textContent === text, { sel: COUNT, text: all }, { timeout: 30_000 });
    const box = page.getByRole('searchbox', { name: 'Search members' });
    await box.click();
    await settle(page);
    const plan = keystrokePlan(entries, KEYSTROKES);
    if (plan.length < KEYSTROKES) throw new Error(`only ${plan.length} keystrokes change the results`);
    const dom: number[] = [];
    const paint: number[] = [];
    for (const step of plan) {
      await armKeystrokeProbe(page, step.expected, COUNT);
      await page.keyboard.press(step.key);
      const t = await page.evaluate(() => (window as unknown as { __probe: Promise<{ dom: number; paint: number }> }).__probe);
      dom.push(t.dom);
      paint.push(t.paint);
      await settle(page);
    }

    const n = stats(nav);
    const r = stats(reload);
    const k = stats(dom);
    const f = stats(paint);
    const ms = (s: { p50: number; p99: number }) => `p50 ${s.p50.toFixed(0)} ms p99 ${s.p99.toFixed(0)} ms`;
    const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
    console.log(`      Fete Nation bench: ${entries.length} profiles on the device; load average ${load} on ${os.availableParallelism()} cores`);
    report(`Fete Nation warm, in-app navigation -> cards (n=${n.n})`, ms(n), `p99 <= ${RENDER_TARGET_MS} ms`, n.p99 <= RENDER_TARGET_MS);
    report(`Fete Nation warm, reload -> cards (n=${r.n})`, ms(r), `p99 <= ${RENDER_TARGET_MS} ms`, r.p99 <= RENDER_TARGET_MS);
    report(`Fete Nation keystroke -> results in DOM (n=${k.n})`, ms(k), `p99 <= ${KEYSTROKE_TARGET_MS} ms`, k.p99 <= KEYSTROKE_TARGET_MS);
    report(`Fete Nation keystroke -> next paint (n=${f.n})`, ms(f), `p99 <= ${KEYSTROKE_TARGET_MS} ms`, f.p99 <= KEYSTROKE_TARGET_MS);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
    await server.stop();
  }
}
