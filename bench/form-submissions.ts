// Form Submissions with 10,000 submissions on one form, as the admin in Chromium:
// navigation to the first row on screen, a search until its results are on screen, and Export
// CSV until the browser's download starts. The screen reads a page at a time and the server
// searches (ADR 038), so a search is timed from the word typed to its results (the screen asks
// once typing rests, 200 ms). Targets: first render <= 1 s, search <= 1 s, CSV <= 2 s.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { benchServer, report, sized, stats, testTokens } from './lib.ts';
import { ensureBuilt } from './app-shell-size.ts';
import { settle } from './guide-render.ts';
import { launchChromium } from '../tests/e2e/support/chromium.ts';
import { signUp } from '../tests/integration/helpers/accounts.ts';
import { NONE_YET_IN_NEWEST_TEXT, ROWS_PER_PAGE, pagedCountText } from '../web/src/screens/admin/forms/submissions-logic.ts';
import { UNKNOWN_SUBMITTER, matchesQuery, normalisedQuery, submissionSearchText } from '../design-docs/src/submission-search.ts';
import { SCAN_LIMIT } from '../sync-server/src/admin/submissions-page.ts';

const SUBMISSIONS = sized(10_000, 100);
const MEMBERS = sized(25, 3);
const RENDER_RUNS = sized(8, 2);
const SEARCH_RUNS = sized(3, 1);
const CSV_RUNS = sized(5, 1);
const RENDER_TARGET_MS = 1000;
const SEARCH_TARGET_MS = 1000;
const CSV_TARGET_MS = 2000;

const ADMIN = { email: 'bench-forms-admin@fete.test', password: 'bench-forms-admin-1' };
const ROW = '[data-testid="submission-row"]';
const COUNT = '[data-testid="submissions-count"]';
const WORDS = ['soca', 'mas', 'jouvert', 'steelpan', 'calypso', 'chutney', 'doubles', 'roti', 'bake', 'shark', 'glitter', 'feathers', 'beads', 'cooler', 'rum', 'coconut'];

type Doc = Record<string, unknown> & { _id: string };

async function bulk(dbUrl: string, db: string, docs: Doc[]): Promise<void> {
  const headers = { authorization: `Bearer ${await testTokens.serverToken()}`, 'content-type': 'application/json' };
  for (let i = 0; i < docs.length; i += 500) {
    const res = await fetch(`${dbUrl}/${db}/_bulk_docs`, { method: 'POST', headers, body: JSON.stringify({ docs: docs.slice(i, i + 500) }) });
    if (!res.ok) throw new Error(`${db} _bulk_docs: ${res.status} ${await res.text()}`);
    const failed = ((await res.json()) as Array<{ error?: string }>).filter((r) => r.error);
    if (failed.length) throw new Error(`${db} _bulk_docs: ${failed.length} refused, e.g. ${JSON.stringify(failed[0])}`);
  }
}

export interface Seeded {
  formId: string;
  title: string;
  subs: Array<{ id: string; userid: string; status: string; createdat: string; data: Record<string, unknown> }>;
  names: Map<string, string>;
}

async function seed(dbUrl: string, url: string): Promise<Seeded> {
  const formId = crypto.randomUUID();
  const title = 'Bench Carnival Package';
  const at = new Date(Date.UTC(2026, 0, 1)).toISOString();
  await bulk(dbUrl, 'members', [
    {
      _id: 'form:package:benchpkg', type: 'form', id: formId, title, description: '10,000 submissions', submitButtonText: 'Book', active: true,
      formtype: 'package', targetid: 'benchpkg', updatedat: at, createdat: at,
      fields: [
        { id: 'f1', type: 'number', label: 'Seats', required: true },
        { id: 'f2', type: 'checkbox', label: 'Extras', required: false, options: ['Drinks', 'Shirt', 'Cooler'] },
        { id: 'f3', type: 'textarea', label: 'Notes', required: false },
        { id: 'f4', type: 'email', label: 'Contact', required: false },
      ],
    },
  ]);
  const names = new Map<string, string>();
  const userIds: string[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const m = await signUp(url, { first_name: `Bench${WORDS[i % WORDS.length]}`, last_name: `Member${i}` });
    userIds.push(m.userId);
    names.set(m.userId, `Bench${WORDS[i % WORDS.length]} Member${i}`);
  }
  const statuses = ['pending', 'processed', 'completed'];
  const subs = Array.from({ length: SUBMISSIONS }, (_, i) => {
    const id = `bench${i.toString().padStart(6, '0')}x${(i * 7919).toString(36)}`;
    const w = (k: number) => WORDS[(i * 31 + k * 7) % WORDS.length];
    return {
      id,
      userid: userIds[i % MEMBERS] as string,
      status: statuses[i % 3] as string,
      createdat: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      data: { Seats: (i % 6) + 1, Extras: i % 2 ? ['Drinks', 'Cooler'] : [], Notes: `${w(1)} ${w(2)} and ${w(3)} #${i}`, Contact: `guest${i}@example.com`, Name: names.get(userIds[i % MEMBERS] as string) },
    };
  });
  await bulk(
    dbUrl,
    'submissions',
    subs.map((s) => ({ _id: `submission:${s.id}`, type: 'submission', formid: formId, form: { title, formtype: 'package', targetid: 'benchpkg' }, ...s })),
  );
  return { formId, title, subs, names };
}

/**
 * What the count under the table reads once the server has answered `q`: its first page holds
 * the newest matches, up to a page, among at most SCAN_LIMIT submissions read (submissions-page.ts).
 * Null when the screen shows "No submissions match your search." instead.
 */
export function expectedCount(seeded: Seeded, q: string): string | null {
  const rows = [...seeded.subs].sort((a, b) => (a.createdat < b.createdat ? 1 : -1));
  const query = normalisedQuery(q);
  let found = 0;
  let scanned = 0;
  for (const r of rows) {
    scanned++;
    if (matchesQuery(submissionSearchText(r, seeded.names.get(r.userid) || UNKNOWN_SUBMITTER), query)) found++;
    if (found >= ROWS_PER_PAGE || scanned >= SCAN_LIMIT) return found === 0 ? NONE_YET_IN_NEWEST_TEXT : pagedCountText(found, true);
  }
  return found === 0 ? null : pagedCountText(found, false);
}

/** The words searched: some match many, some few, some only among older submissions. */
export const SEARCHES = ['#1234', 'jouvert', 'guest777', 'member12', 'feathers and', 'bench004', 'glitter'];

export async function formSubmissions(): Promise<void> {
  ensureBuilt();
  const server = await benchServer({ SERVE_WEB: 'true', WORKERS: 'false', RATE_SIGNUP_PER_IP: '1000', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const profile = await mkdtemp(path.join(os.tmpdir(), 'fete-bench-chromium-'));
  const context = await launchChromium(profile, { baseURL: server.url, viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  try {
    const seeded = await seed(server.dbUrl, server.url);
    const page = context.pages()[0] ?? (await context.newPage());
    const signIn = await page.request.post('/api/auth/signin', { data: ADMIN });
    if (signIn.status() !== 200) throw new Error(`sign-in answered ${signIn.status()}`);
    const route = `/admin/forms/${seeded.formId}/submissions`;
    await page.goto(route);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise<void>((r) => navigator.serviceWorker.addEventListener('controllerchange', () => r(), { once: true }));
      }
    });
    const first = expectedCount(seeded, '') as string;
    await page.waitForFunction(({ sel, text }) => document.querySelector(sel)?.textContent === text, { sel: COUNT, text: first }, { timeout: 120_000 });

    // (a) Navigation (a reload of the screen) until the first row is in the DOM.
    await page.addInitScript(
      ({ row }) => {
        const w = window as unknown as { __firstRow?: number };
        const obs = new MutationObserver(() => {
          if (w.__firstRow === undefined && document.querySelector(row)) {
            w.__firstRow = performance.now();
            obs.disconnect();
          }
        });
        obs.observe(document, { childList: true, subtree: true });
      },
      { row: ROW },
    );
    const render: number[] = [];
    await page.reload();
    for (let i = 0; i < RENDER_RUNS; i++) {
      await page.reload();
      render.push(await page.waitForFunction(() => (window as unknown as { __firstRow?: number }).__firstRow, null, { timeout: 30_000 }).then((h) => h.jsonValue() as Promise<number>));
    }

    // (b) A word searched: typed at once, until the server's answer is on screen.
    await page.waitForFunction(({ sel, text }) => document.querySelector(sel)?.textContent === text, { sel: COUNT, text: first }, { timeout: 30_000 });
    const box = page.getByRole('searchbox', { name: 'Search submissions' });
    const search: number[] = [];
    for (let run = 0; run < SEARCH_RUNS; run++) {
      for (const word of SEARCHES) {
        const expected = expectedCount(seeded, word);
        await settle(page);
        const t0 = performance.now();
        await box.fill(word);
        if (expected === null) await page.getByText('No submissions match your search.').waitFor({ timeout: 30_000 });
        else await page.waitForFunction(({ sel, text }) => document.querySelector(sel)?.textContent === text, { sel: COUNT, text: expected }, { timeout: 30_000 });
        search.push(performance.now() - t0);
      }
    }
    await box.fill('');
    await page.waitForFunction(({ sel, text }) => document.querySelector(sel)?.textContent === text, { sel: COUNT, text: first }, { timeout: 30_000 });

    // (c) Export CSV: click until the browser's download event; the file checked once.
    const csv: number[] = [];
    const button = page.getByRole('button', { name: 'Export CSV' });
    for (let i = 0; i < CSV_RUNS; i++) {
      await settle(page);
      const t0 = performance.now();
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      csv.push(performance.now() - t0);
      if (i === 0) {
        const text = await readFile((await download.path()) as string, 'utf8');
        const lines = text.split('\r\n').filter(Boolean).length;
        if (lines !== SUBMISSIONS + 1) throw new Error(`the CSV has ${lines} lines`);
        if (download.suggestedFilename() !== `${seeded.title}-submissions.csv`) throw new Error(`file name ${download.suggestedFilename()}`);
      }
    }

    const ms = (s: { p50: number; p99: number }) => `p50 ${s.p50.toFixed(0)} ms p99 ${s.p99.toFixed(0)} ms`;
    const r = stats(render);
    const k = stats(search);
    const c = stats(csv);
    const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
    console.log(`      Form Submissions bench: ${SUBMISSIONS} submissions on one form, ${MEMBERS} submitters; load average ${load} on ${os.availableParallelism()} cores`);
    report(`Form Submissions reload -> first row (n=${r.n})`, ms(r), `p99 <= ${RENDER_TARGET_MS} ms`, r.p99 <= RENDER_TARGET_MS);
    report(`Form Submissions search -> results on screen (n=${k.n})`, ms(k), `p99 <= ${SEARCH_TARGET_MS} ms`, k.p99 <= SEARCH_TARGET_MS);
    report(`Form Submissions Export CSV -> download (n=${c.n})`, ms(c), `p99 <= ${CSV_TARGET_MS} ms`, c.p99 <= CSV_TARGET_MS);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
    await server.stop();
  }
}
