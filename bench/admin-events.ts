// Manage Events (/admin/events) with 5,000 events in the catalogue, as the admin in
// Chromium: a reload of the page until the first event row is in the DOM (the page reads every
// event from the server, then draws a page of rows), and a search keystroke until the new count
// is in the DOM and painted. Targets: first render <= 400 ms p99, keystroke <= 50 ms p99.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { benchServer, report, sized, stats, testTokens } from './lib.ts';
import { ensureBuilt } from './app-shell-size.ts';
import { KEYSTROKES, reportKeystrokes, settle, timeKeystrokes } from './guide-render.ts';
import { launchChromium } from '../tests/e2e/support/chromium.ts';
import { EVENT_TEXTS, compareEvents, eventSearchFields } from '../web/src/screens/admin/events/event-admin-logic.ts';
import type { AdminEvent } from '../web/src/screens/admin/events/event-admin-logic.ts';
import { KIT_PAGE_SIZE, filterBySearchText, searchTextOf, shownCountText } from '../web/src/screens/admin/kit/kit-logic.ts';

const EVENTS = sized(5_000, 200);
const RENDER_RUNS = sized(10, 2);
const RENDER_TARGET_MS = 400;
const KEYSTROKE_TARGET_MS = 50;

const ADMIN = { email: 'bench-events-admin@fete.test', password: 'bench-events-admin-1' };
const ROW = '[data-testid="event-row"]';
const COUNT = '[data-testid="kit-count"]';
const WORDS = ['soca', 'mas', 'jouvert', 'steelpan', 'calypso', 'chutney', 'doubles', 'roti', 'bake', 'shark', 'glitter', 'feathers', 'beads', 'cooler', 'rum', 'coconut'];
const PLACES = ['Queen’s Park Savannah', 'Chaguaramas', 'San Fernando', 'Arima', 'Maracas Bay', 'Scarborough', 'Port of Spain', 'Chaguanas'];

function events(): AdminEvent[] {
  const at = new Date(Date.UTC(2026, 0, 1)).toISOString();
  return Array.from({ length: EVENTS }, (_, i) => {
    const w = (k: number) => WORDS[(i * 31 + k * 7) % WORDS.length] as string;
    const day = new Date(Date.UTC(2026, 0, 1) + (i % 700) * 86_400_000).toISOString().slice(0, 10);
    const id = `bench${i.toString().padStart(5, '0')}`;
    return {
      _id: `event:${id}`, id, type: 'event', title: `${w(1)} ${w(2)} Fete #${i}`, description: `A ${w(3)} and ${w(4)} lime, number ${i}.`, date: day,
      location: PLACES[i % PLACES.length] as string, state: 'Port of Spain', country: 'Trinidad', category: 'Party', price: (i % 40) * 25, start_time: '18:00', end_time: '23:00',
      organizer_id: null, active: i % 5 !== 0, created_at: at, updated_at: at,
    } as unknown as AdminEvent;
  });
}

async function load(dbUrl: string, docs: object[]): Promise<void> {
  const headers = { authorization: `Bearer ${await testTokens.serverToken()}`, 'content-type': 'application/json' };
  for (let i = 0; i < docs.length; i += 1000) {
    const res = await fetch(`${dbUrl}/catalog/_bulk_docs`, { method: 'POST', headers, body: JSON.stringify({ docs: docs.slice(i, i + 1000).map((doc) => {
      const { id: _id, ...stored } = doc as Record<string, unknown>;
      return stored;
    }) }) });
    if (!res.ok) throw new Error(`loading the catalog: ${res.status} ${await res.text()}`);
    const failed = ((await res.json()) as Array<{ error?: string }>).filter((r) => r.error);
    if (failed.length) throw new Error(`catalog _bulk_docs: ${failed.length} refused, e.g. ${JSON.stringify(failed[0])}`);
  }
}

/** Words typed a letter at a time, then erased; a keystroke is timed when it changes the count. */
function keystrokePlan(all: AdminEvent[], n: number): Array<{ key: string; expected: string | null }> {
  const rows = [...all].sort(compareEvents);
  const texts = rows.map((e) => searchTextOf(eventSearchFields(e)));
  const count = (q: string) => filterBySearchText(rows, texts, q).length;
  const text = (c: number) => shownCountText(Math.min(c, KIT_PAGE_SIZE), c, EVENT_TEXTS);
  const plan: Array<{ key: string; expected: string | null }> = [];
  let timed = 0;
  for (const word of ['#123', 'jouvert', 'maracas', 'number 77', 'glitter', 'scarb', '#4999', 'carnival', 'cruise', 'festival', 'parade', 'steel', 'reggae', 'tobago', 'kingston', 'barbados', '#2500', '#777', 'soca', 'island', 'music', 'night', 'beach', 'boat', 'vibes', 'drums', 'jazz', 'kadooment', 'junkanoo', 'grenada', 'jamaica', 'trinidad', '#3141', '#1999']) {
    const steps: Array<[string, string]> = [];
    for (let i = 1; i <= word.length; i++) steps.push([word[i - 1] as string, word.slice(0, i)]);
    for (let i = word.length - 1; i >= 0; i--) steps.push(['Backspace', word.slice(0, i)]);
    let before = '';
    for (const [key, q] of steps) {
      // Timed only from a list to a list: with no match the count is not on the page to watch.
      const changes = count(q) !== count(before) && count(q) > 0 && count(before) > 0;
      if (changes) timed++;
      plan.push({ key: key === ' ' ? 'Space' : key, expected: changes ? text(count(q)) : null });
      before = q;
    }
    if (timed >= n) break;
  }
  return plan;
}

export async function adminEvents(): Promise<void> {
  ensureBuilt();
  const server = await benchServer({ SERVE_WEB: 'true', WORKERS: 'false', SEED_DEMO: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const profile = await mkdtemp(path.join(os.tmpdir(), 'fete-bench-chromium-'));
  const context = await launchChromium(profile, { baseURL: server.url, viewport: { width: 1280, height: 900 } });
  try {
    const all = events();
    await load(server.dbUrl, all);
    const page = context.pages()[0] ?? (await context.newPage());
    const signIn = await page.request.post('/api/auth/signin', { data: ADMIN });
    if (signIn.status() !== 200) throw new Error(`sign-in answered ${signIn.status()}`);
    await page.goto('/admin/events');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise<void>((r) => navigator.serviceWorker.addEventListener('controllerchange', () => r(), { once: true }));
      }
    });
    const first = shownCountText(KIT_PAGE_SIZE, EVENTS, EVENT_TEXTS);
    await page.waitForFunction(({ sel, text }) => document.querySelector(sel)?.textContent === text, { sel: COUNT, text: first }, { timeout: 120_000 });
    // Let the device's catalogue pull (5,000 events) finish, so it does not share the runs.
    await page.waitForFunction(() => document.querySelector('[data-testid="sync-status"]')?.getAttribute('data-state') === 'synced', null, { timeout: 120_000 }).catch(() => undefined);

    // (a) A reload of /admin/events until the first row is in the DOM (from navigation start).
    await page.addInitScript((row) => {
      const w = window as unknown as { __firstRow?: number; __heading?: number };
      const obs = new MutationObserver(() => {
        if (w.__heading === undefined && document.querySelector('h1')?.textContent === 'Manage Events') w.__heading = performance.now();
        if (document.querySelector(row)) {
          w.__firstRow = performance.now();
          obs.disconnect();
        }
      });
      obs.observe(document, { childList: true, subtree: true });
    }, ROW);
    const render: number[] = [];
    const heading: number[] = [];
    const listRead: number[] = [];
    await page.reload();
    for (let i = 0; i < RENDER_RUNS; i++) {
      await page.reload();
      render.push(await page.waitForFunction(() => (window as unknown as { __firstRow?: number }).__firstRow, null, { timeout: 30_000 }).then((h) => h.jsonValue() as Promise<number>));
      const parts = await page.evaluate(() => ({
        heading: (window as unknown as { __heading?: number }).__heading ?? NaN,
        list: Math.max(...performance.getEntriesByType('resource').filter((e) => e.name.includes('/db/catalog/_all_docs')).map((e) => (e as PerformanceResourceTiming).responseEnd)),
      }));
      heading.push(parts.heading);
      // No server read before the first row when the device's copy came first.
      if (Number.isFinite(parts.list)) listRead.push(parts.list);
    }

    // (b) Keystrokes in the search box, each timed one changing the count of matches. The list
    // is drawn from the device first and then read again from the server (ADR 021): typing is
    // timed once that read has been taken in, as the Fete Guide's is once the device has synced.
    await page.waitForFunction(({ sel, text }) => document.querySelector(sel)?.textContent === text, { sel: COUNT, text: first }, { timeout: 30_000 });
    await page.evaluate(async () => {
      // Read page by page: done once no page has come for half a second.
      const reads = () => performance.getEntriesByType('resource').filter((e) => e.name.includes('/db/catalog/_all_docs')).length;
      for (let seen = -1, end = Date.now() + 30_000; Date.now() < end; ) {
        const now = reads();
        if (now > 0 && now === seen) return;
        seen = now;
        await new Promise((r) => setTimeout(r, 500));
      }
    });
    await settle(page);
    await page.getByRole('searchbox', { name: 'Search events' }).click();
    await settle(page);
    const plan = keystrokePlan(all, KEYSTROKES);
    const timed = plan.filter((s) => s.expected !== null).length;
    if (timed < KEYSTROKES) throw new Error(`only ${timed} keystrokes change the results`);
    const keys = await timeKeystrokes(page, plan, COUNT);

    const ms = (s: { p50: number; p99: number }) => `p50 ${s.p50.toFixed(0)} ms p99 ${s.p99.toFixed(0)} ms`;
    const r = stats(render);
    const loadAvg = os.loadavg().map((l) => l.toFixed(1)).join(' ');
    console.log(`      Manage Events bench: ${EVENTS} events in the catalogue, ${KIT_PAGE_SIZE} rows drawn at first; load average ${loadAvg} on ${os.availableParallelism()} cores`);
    report(`Manage Events reload -> first row (n=${r.n})`, ms(r), `p99 <= ${RENDER_TARGET_MS} ms`, r.p99 <= RENDER_TARGET_MS);
    console.log(`      (no target) reload -> heading drawn: ${ms(stats(heading))}; reload -> every event read from the server before the first row: ${listRead.length ? `${ms(stats(listRead))} (n=${listRead.length})` : 'never (read after it)'}`);
    reportKeystrokes('Manage Events', keys, KEYSTROKE_TARGET_MS);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
    await server.stop();
  }
}
