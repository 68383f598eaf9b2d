// A traveller's first visit, on a phone on a crowded network: Lighthouse's mobile preset (a
// simulated slow 4G, 150 ms round trip and 1.6 Mbit/s, a CPU 4x slower than this machine) on
// Debian's Chromium, against a fresh server started as `npm start` starts one (the demo data, the
// production build). Storage is reset before each run, so every run is a first visit.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LaunchedChrome } from 'chrome-launcher';
import { benchServer, report, sized, SMOKE } from './lib.ts';
import { ensureGuideBuild } from './guide-build.ts';
import { serverQuiet } from './crowd.ts';
import { CHROMIUM } from '../tests/e2e/support/chromium.ts';
import { localDay } from '../web/src/lib/past-events.ts';
import { idOf } from '../design-docs/src/ids.ts';

/** Lighthouse runs per page; each figure printed is the median of its runs. */
const RUNS = sized(3, 1);

const TARGET = { performance: 90, lcpMs: 2_500, tbtMs: 200, cls: 0.1, accessibility: 100, bestPractices: 95, seo: 95, shellKb: 250 };

/** The field notes' flags for Lighthouse on Debian's Chromium (chrome-launcher adds its own defaults). */
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** What this bench reads of a Lighthouse result (LH.Result), no more. */
interface Lhr {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number; details?: unknown } | undefined>;
  runtimeError?: { code: string; message: string };
  runWarnings?: string[];
  environment?: { benchmarkIndex?: number };
}

interface NetworkRow {
  url: string;
  networkEndTime?: number;
  transferSize?: number;
}

interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  totalBytes: number;
  /** Bytes transferred by the requests that ended before the first contentful paint. */
  shellBytes: number;
  shellRequests: Array<{ url: string; bytes: number }>;
  benchmarkIndex: number;
  warnings: string[];
  /** The main thread's longest tasks in the simulated run: where the blocking time comes from. */
  longTasks: Array<{ url: string; ms: number }>;
}

interface Page {
  name: string;
  path: string;
}

// Chromium is started detached (its own process group, by chrome-launcher): a bench that dies
// must not leave it running, as lib.ts does for servers.
const liveChromes = new Set<LaunchedChrome>();
process.on('exit', () => {
  for (const c of liveChromes) {
    try {
      process.kill(-c.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)] as number;
};

const score = (lhr: Lhr, id: string): number => {
  const s = lhr.categories[id]?.score;
  return typeof s === 'number' ? Math.round(s * 100) : NaN;
};

const metric = (lhr: Lhr, id: string): number => lhr.audits[id]?.numericValue ?? NaN;

/**
 * The requests that ended before the first contentful paint, with the bytes each put on the
 * wire (headers included): what the first screen cost the network. Times are the run's observed
 * ones; the network-requests audit counts from its first request, given in its debug data.
 */
function beforeFirstPaint(lhr: Lhr): Array<{ url: string; bytes: number }> {
  const net = lhr.audits['network-requests']?.details as { items?: NetworkRow[]; debugData?: { networkStartTimeTs?: number } } | undefined;
  const metrics = lhr.audits.metrics?.details as { items?: Array<{ observedFirstContentfulPaintTs?: number }> } | undefined;
  const startTs = net?.debugData?.networkStartTimeTs;
  const fcpTs = metrics?.items?.[0]?.observedFirstContentfulPaintTs;
  if (!net?.items || startTs === undefined || fcpTs === undefined) throw new Error('Lighthouse gave no network requests or no observed first contentful paint');
  const fcpMs = (fcpTs - startTs) / 1000;
  return net.items
    .filter((r) => r.networkEndTime !== undefined && r.networkEndTime <= fcpMs)
    .map((r) => ({ url: r.url, bytes: r.transferSize ?? 0 }));
}

function longTasks(lhr: Lhr): Array<{ url: string; ms: number }> {
  const items = (lhr.audits['long-tasks']?.details as { items?: Array<{ url?: string; duration?: number }> } | undefined)?.items ?? [];
  return items.map((t) => ({ url: t.url ?? '', ms: t.duration ?? 0 })).sort((a, b) => b.ms - a.ms);
}

/** Lighthouse's own failure of a run, with its code. */
class LighthouseRunError extends Error {
  readonly code: string;
  constructor(url: string, code: string, message: string) {
    super(`Lighthouse on ${url}: ${code} ${message}`);
    this.code = code;
  }
}

/**
 * The failures Lighthouse itself says to run again for ("Something went wrong with recording the
 * trace over your page load"; seen here as NO_NAVSTART): they say nothing of the page. A page
 * that paints nothing (NO_FCP, NO_LCP) still fails at once.
 */
const RUN_AGAIN = new Set(['NO_TRACING_STARTED', 'NO_RESOURCE_REQUEST', 'NO_NAVSTART', 'NO_DCL', 'NO_FMP']);
const RUN_ATTEMPTS = 3;

async function lighthouseRunAgainIfAsked(url: string): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(url);
    } catch (err) {
      if (!(err instanceof LighthouseRunError) || !RUN_AGAIN.has(err.code) || attempt >= RUN_ATTEMPTS) throw err;
      console.log(`      (a run of ${url} again: ${err.code})`);
    }
  }
}

async function lighthouseRun(url: string): Promise<Run> {
  const { default: lighthouse } = await import('lighthouse');
  const { launch } = await import('chrome-launcher');
  const profile = await mkdtemp(path.join(os.tmpdir(), 'fete-bench-lighthouse-'));
  let chrome: LaunchedChrome | null = null;
  try {
    chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, userDataDir: profile, logLevel: 'silent' });
    liveChromes.add(chrome);
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
    const lhr = result?.lhr as unknown as Lhr | undefined;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    if (lhr.runtimeError) throw new LighthouseRunError(url, lhr.runtimeError.code, lhr.runtimeError.message);
    const shellRequests = beforeFirstPaint(lhr);
    return {
      performance: score(lhr, 'performance'),
      accessibility: score(lhr, 'accessibility'),
      bestPractices: score(lhr, 'best-practices'),
      seo: score(lhr, 'seo'),
      fcpMs: metric(lhr, 'first-contentful-paint'),
      lcpMs: metric(lhr, 'largest-contentful-paint'),
      tbtMs: metric(lhr, 'total-blocking-time'),
      cls: metric(lhr, 'cumulative-layout-shift'),
      totalBytes: metric(lhr, 'total-byte-weight'),
      shellBytes: shellRequests.reduce((sum, r) => sum + r.bytes, 0),
      shellRequests,
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
      warnings: lhr.runWarnings ?? [],
      longTasks: longTasks(lhr),
    };
  } finally {
    if (chrome) {
      chrome.kill();
      liveChromes.delete(chrome);
    }
    await rm(profile, { recursive: true, force: true, maxRetries: 5 });
  }
}

/** A demo event a shared link could point at: the next upcoming one with a picture. */
async function demoEventPath(serverUrl: string): Promise<string> {
  const q = new URLSearchParams({ include_docs: 'true', startkey: '"event:"', endkey: '"event:\ufff0"', limit: '1000' });
  const res = await fetch(`${serverUrl}/db/catalog/_all_docs?${q}`, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`listing the demo events: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { rows: Array<{ doc?: { _id: string; date?: string; active?: boolean; image_url?: string | null } }> };
  const today = localDay(new Date());
  const events = body.rows.flatMap((r) => (r.doc ? [r.doc] : [])).filter((d) => d.active !== false && (d.date ?? '') >= today);
  const pick = events.filter((d) => d.image_url).sort((a, b) => (a.date ?? '').localeCompare(b.date ?? '') || a._id.localeCompare(b._id))[0] ?? events[0];
  if (!pick) throw new Error('the demo catalogue holds no upcoming event');
  return `/events/${encodeURIComponent(idOf(pick._id))}`;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const loadavg = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');

function reportPage(page: Page, runs: readonly Run[]): void {
  const m = (pick: (r: Run) => number) => median(runs.map(pick));
  const p = (what: string) => `${page.name}: ${what}`;
  const perf = m((r) => r.performance);
  console.log(`      ${page.name} (${page.path}): ${runs.length === 1 ? '1 run' : `median of ${runs.length} runs`}; performance by run ${runs.map((r) => r.performance).join(', ')}; Lighthouse's CPU benchmark index ${runs.map((r) => r.benchmarkIndex.toFixed(0)).join(', ')}`);
  report(p('performance score'), perf.toFixed(0), `>= ${TARGET.performance}`, perf >= TARGET.performance);
  const lcp = m((r) => r.lcpMs);
  report(p('LCP'), seconds(lcp), `<= ${seconds(TARGET.lcpMs)}`, lcp <= TARGET.lcpMs);
  const tbt = m((r) => r.tbtMs);
  report(p('TBT'), `${tbt.toFixed(0)} ms`, `<= ${TARGET.tbtMs} ms`, tbt <= TARGET.tbtMs);
  const cls = m((r) => r.cls);
  report(p('CLS'), cls.toFixed(3), `<= ${TARGET.cls}`, cls <= TARGET.cls);
  const a11y = m((r) => r.accessibility);
  report(p('accessibility score'), a11y.toFixed(0), `= ${TARGET.accessibility}`, a11y >= TARGET.accessibility);
  const bp = m((r) => r.bestPractices);
  report(p('best practices score'), bp.toFixed(0), `>= ${TARGET.bestPractices}`, bp >= TARGET.bestPractices);
  const seo = m((r) => r.seo);
  report(p('SEO score'), seo.toFixed(0), `>= ${TARGET.seo}`, seo >= TARGET.seo);
  const shell = m((r) => r.shellBytes);
  report(p('bytes on the wire before FCP'), kb(shell), `<= ${TARGET.shellKb} KB`, shell / 1024 <= TARGET.shellKb);
  console.log(`      (no target) ${page.name}: FCP ${seconds(m((r) => r.fcpMs))}, total bytes ${kb(m((r) => r.totalBytes))}`);
  // The run nearest the median's shell, request by request, largest first: a miss names what grew.
  const typical = [...runs].sort((a, b) => Math.abs(a.shellBytes - shell) - Math.abs(b.shellBytes - shell))[0] as Run;
  const largest = [...typical.shellRequests].sort((a, b) => b.bytes - a.bytes).slice(0, 5);
  const name = (url: string) => {
    const u = new URL(url);
    return u.pathname.length > 1 ? path.basename(u.pathname) || u.pathname : u.pathname;
  };
  console.log(`      (no target) ${page.name}: ${typical.shellRequests.length} requests ended before FCP; the largest: ${largest.map((r) => `${name(r.url)} ${kb(r.bytes)}`).join(', ')}`);
  const tasks = typical.longTasks.slice(0, 5);
  console.log(`      (no target) ${page.name}: ${typical.longTasks.length} long tasks, ${typical.longTasks.reduce((sum, t) => sum + t.ms, 0).toFixed(0)} ms; the longest: ${tasks.map((t) => `${URL.canParse(t.url) ? name(t.url) : t.url || 'unattributed'} ${t.ms.toFixed(0)} ms`).join(', ') || 'none'}`);
  const warnings = [...new Set(runs.flatMap((r) => r.warnings))];
  for (const w of warnings) console.log(`      Lighthouse warns (${page.name}): ${w}`);
}

export async function firstVisit(): Promise<void> {
  console.log(`      first-visit: load average at start ${loadavg()} on ${os.availableParallelism()} cores`);
  const dist = ensureGuideBuild();
  // What `npm start` runs: the demo data loaded into a fresh data folder, the built app served.
  const server = await benchServer({ SEED_DEMO: 'true', SERVE_WEB: 'true', WEB_DIST: dist });
  try {
    // The start's own work (the contract repair, the workers' first rounds) is not the page's;
    // the smoke judges nothing and does not wait for it.
    if (!SMOKE && server.child.pid !== undefined) await serverQuiet(server.child.pid, 20_000);
    const pages: Page[] = [{ name: 'Home', path: '/' }];
    if (!SMOKE) pages.push({ name: 'Fete Guide', path: '/fete-guide' }, { name: 'Event page', path: await demoEventPath(server.url) });
    const runs = new Map<Page, Run[]>(pages.map((p) => [p, []]));
    // Round by round rather than page by page, so a busy minute of the machine touches every page alike.
    for (let i = 0; i < RUNS; i++) {
      for (const page of pages) runs.get(page)?.push(await lighthouseRunAgainIfAsked(`${server.url}${page.path}`));
    }
    for (const page of pages) reportPage(page, runs.get(page) ?? []);
  } finally {
    await server.stop();
  }
  console.log(`      first-visit: load average at end ${loadavg()}`);
}
