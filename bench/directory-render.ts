// Fete Nation with 10,000 profiles on the device (ADR 020's bound), in Chromium: how
// long until the first member cards are in the DOM when the members database is already local
// and the code cached, and how long a search keystroke takes to show its new result set. Timed
// inside the page like the Fete Guide bench, so Playwright's round trips do not count.
import type { Page } from '@playwright/test';
import { link, mkdir, mkdtemp, rm } from 'node:fs/promises';
import sharp from 'sharp';
import os from 'node:os';
import path from 'node:path';
import { benchServer, report, sized, stats, testTokens } from './lib.ts';
import { ensureGuideBuild } from './guide-build.ts';
import { KEYSTROKES, clickAndTimeFirstCard, printReloadPhases, reportKeystrokes, settle, timeKeystrokes, timeReloads } from './guide-render.ts';
import { createFixtures } from '../tests/fixtures/index.ts';
import { FIRST_NAMES, LAST_NAMES } from '../tests/fixtures/content/people.ts';
import { launchChromium } from '../tests/e2e/support/chromium.ts';
import { signUp } from '../tests/integration/helpers/accounts.ts';
import { DIRECTORY_DEVICE_LIMIT, compareMembers, filterDirectory, toDirectoryEntry } from '../web/src/data/repos/profiles.ts';
import type { DirectoryEntry, Profile } from '../web/src/data/repos/profiles.ts';
import { memberCountText } from '../web/src/screens/nation/nation-logic.ts';
import { idOf } from '../design-docs/src/ids.ts';
import { THUMB_MAX_PX } from '../sync-server/src/uploads/process.ts';

/** Everyone the device keeps, the bench member included. */
const PROFILES = sized(DIRECTORY_DEVICE_LIMIT, 200);
const RENDER_RUNS = sized(15, 2);
const RENDER_TARGET_MS = 400;
const KEYSTROKE_TARGET_MS = 50;

/**
 * Every member gets a picture of their own, as the upload API names and stores it (the thumbnail
 * variant is what a card asks for): one file, hard-linked under each name. The fixtures' own
 * avatar paths are files no server has; their 404s (then the fallback) were what a keystroke's
 * new cards spent their time on, which real members' cards do not.
 */
async function giveAvatars(dataDir: string, docs: Array<{ user_id: string; avatar_url?: string | null }>): Promise<void> {
  const root = path.join(dataDir, 'uploads', 'avatars');
  await mkdir(root, { recursive: true });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480"><defs><linearGradient id="g"><stop offset="0" stop-color="#7c2d92"/><stop offset="1" stop-color="#f5a623"/></linearGradient></defs><rect width="480" height="480" fill="url(#g)"/><circle cx="240" cy="190" r="90" fill="#fffaf3"/></svg>`;
  const one = path.join(root, 'one-sm.webp');
  await sharp(Buffer.from(svg)).webp({ quality: 80 }).toFile(one);
  // The thumbnails the server makes on a picture's first request: the bench times the screen
  // once pictures have been seen by someone, not the server making them.
  const thumb = path.join(root, 'one-th.webp');
  await sharp(Buffer.from(svg)).resize(THUMB_MAX_PX).webp({ quality: 78 }).toFile(thumb);
  for (const [i, d] of docs.entries()) {
    const name = `${1767225600000 + i}-${d.user_id.slice(0, 12)}`;
    d.avatar_url = `${d.user_id}/${name}.webp`;
    await mkdir(path.join(root, d.user_id), { recursive: true });
    await link(one, path.join(root, d.user_id, `${name}-sm.webp`));
    await link(thumb, path.join(root, d.user_id, `${name}-th.webp`));
  }
}

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
  const context = await launchChromium(profile, { baseURL: server.url, viewport: { width: 1280, height: 900 } });
  try {
    const me = await signUp(server.url, { first_name: 'Bench', last_name: 'Member', territory: 'Barbados', locality: 'Bridgetown' });
    const fx = createFixtures({ seed: 'nation-bench', baseDate: '2026-01-15' });
    const docs = Array.from({ length: PROFILES - 1 }, (_, i) => fx.makeProfile({}, i));
    await giveAvatars(server.dataDir, docs);
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
    const reloads = await timeReloads(page, CARD, RENDER_RUNS);

    // (b) Keystrokes in the search box, each changing the result set.
    await page.waitForFunction(({ sel, text }) => document.querySelector(sel)?.textContent === text, { sel: COUNT, text: all }, { timeout: 30_000 });
    const box = page.getByRole('searchbox', { name: 'Search members' });
    await box.click();
    await settle(page);
    const plan = keystrokePlan(entries, KEYSTROKES);
    if (plan.length < KEYSTROKES) throw new Error(`only ${plan.length} keystrokes change the results`);
    const keys = await timeKeystrokes(page, plan, COUNT);

    const n = stats(nav);
    const r = stats(reloads.map((x) => x.card));
    const ms = (s: { p50: number; p99: number }) => `p50 ${s.p50.toFixed(0)} ms p99 ${s.p99.toFixed(0)} ms`;
    const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
    console.log(`      Fete Nation bench: ${entries.length} profiles on the device; load average ${load} on ${os.availableParallelism()} cores`);
    report(`Fete Nation warm, in-app navigation -> cards (n=${n.n})`, ms(n), `p99 <= ${RENDER_TARGET_MS} ms`, n.p99 <= RENDER_TARGET_MS);
    report(`Fete Nation warm, reload -> cards (n=${r.n})`, ms(r), `p99 <= ${RENDER_TARGET_MS} ms`, r.p99 <= RENDER_TARGET_MS);
    printReloadPhases(reloads);
    reportKeystrokes('Fete Nation', keys, KEYSTROKE_TARGET_MS);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
    await server.stop();
  }
}
