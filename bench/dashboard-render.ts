// The Fete ID dashboard's first render, offline and warm, in Chromium, for a member with 500
// likes, 200 attendances and 200 receipts: navigation to the card and the selected tab's
// content on screen. Target p99 <= 400 ms (ADR 019).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { authHeaders, benchServer, report, sized, stats } from './lib.ts';
import type { BenchServer } from './lib.ts';
import { ensureBuilt } from './app-shell-size.ts';
import { launchChromium } from '../tests/e2e/support/chromium.ts';
import { signUp } from '../tests/integration/helpers/accounts.ts';
import { userDbName } from '../design-docs/src/databases.ts';

const RUNS = sized(12, 2);
const LIKES = sized(500, 10);
const ATTENDING = sized(200, 5);
const RECEIPTS = sized(200, 5);

type Doc = Record<string, unknown> & { _id: string };

async function bulk(server: BenchServer, db: string, docs: Doc[], headers: Record<string, string>): Promise<void> {
  for (let i = 0; i < docs.length; i += 250) {
    const res = await fetch(`${server.dbUrl}/${db}/_bulk_docs`, { method: 'POST', headers, body: JSON.stringify({ docs: docs.slice(i, i + 250) }) });
    const rows = (await res.json()) as Array<{ error?: string; reason?: string }>;
    const bad = Array.isArray(rows) ? rows.find((r) => r.error) : rows;
    if (!res.ok || bad) throw new Error(`${db} _bulk_docs: ${res.status} ${JSON.stringify(bad)}`);
  }
}

async function count(server: BenchServer, db: string, prefix: string, headers: Record<string, string>): Promise<number> {
  const qs = new URLSearchParams({ startkey: JSON.stringify(prefix), endkey: JSON.stringify(`${prefix}\ufff0`) });
  const res = await fetch(`${server.dbUrl}/${db}/_all_docs?${qs}`, { headers });
  return ((await res.json()) as { rows: unknown[] }).rows.length;
}

/** A member with the bench's likes, attendances and receipts, all on the server. */
async function seedMember(server: BenchServer): Promise<{ email: string; password: string }> {
  const adminId = 'bench-dash-admin';
  const admin = await authHeaders(adminId, ['member', 'admin']);
  // An admin's writes name their writer (ADR 030).
  const stamp = { updated_by: adminId, updated_at: new Date().toISOString() };
  // Enough events to like 500 distinct items: copies of a demo event.
  const demo = (await (await fetch(`${server.dbUrl}/catalog/_all_docs?include_docs=true&limit=1&startkey=${encodeURIComponent('"event:"')}`)).json()) as { rows: Array<{ doc: Doc }> };
  const { _id: _ignored, _rev, ...template } = demo.rows[0]!.doc;
  const events = Array.from({ length: LIKES }, (_, i) => ({ ...template, ...stamp, _id: `event:benchdash${i}`, title: `Bench Fete ${i}` }));
  await bulk(server, 'catalog', events, admin);

  const member = await signUp(server.url, { first_name: 'Bench', last_name: 'Member' });
  const mine = { authorization: `Bearer ${member.token}`, 'content-type': 'application/json', accept: 'application/json' };
  const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
  await bulk(server, userDbName(member.userId), events.map((_e, i) => ({ _id: `like:event:benchdash${i}`, type: 'like', item_type: 'event', item_id: `benchdash${i}`, created_at: at(i) })), mine);
  await bulk(
    server,
    'members',
    events.slice(0, ATTENDING).map((_, i) => ({ _id: `attendance:event:benchdash${i}:${member.userId}`, type: 'attendance', target_type: 'event', target_id: `benchdash${i}`, user_id: member.userId, created_at: at(i) })),
    mine,
  );
  const receipts = Array.from({ length: RECEIPTS }, (_, i) => ({
    _id: `receipt:benchdash${i}`,
    type: 'receipt',
    user_id: member.userId,
    receipt_number: `REC-${10000 + i}`,
    receipt_date: at(i).slice(0, 10),
    status: 'paid',
    title: `Bench package ${i}`,
    description: 'Deposit',
    payment_method: 'Credit Card',
    amount: 100,
    amount_paid: 100,
    balance_owed: 0,
    created_at: at(i),
    ...stamp,
  }));
  await bulk(server, 'receipts', receipts, admin);
  // The mirror worker copies them into the member's own database.
  const deadline = Date.now() + 120_000;
  while ((await count(server, userDbName(member.userId), 'receipt:', mine)) < RECEIPTS) {
    if (Date.now() > deadline) throw new Error('receipts were not mirrored in time');
    await new Promise((r) => setTimeout(r, 500));
  }
  return { email: member.email, password: member.password };
}

export async function dashboardRender(): Promise<void> {
  ensureBuilt();
  const server = await benchServer({ SERVE_WEB: 'true', SEED_DEMO: 'true' });
  const profile = await mkdtemp(path.join(os.tmpdir(), 'fete-bench-chromium-'));
  const context = await launchChromium(profile, { baseURL: server.url });
  try {
    const who = await seedMember(server);
    const page = context.pages()[0] ?? (await context.newPage());
    // Records when the card and the tab's content are first on screen, from navigation start.
    await page.addInitScript(() => {
      const w = window as unknown as { __dashReady?: number };
      const check = () => {
        if (w.__dashReady !== undefined) return;
        const card = document.querySelector('[data-testid="member-number"]');
        const content = document.querySelector('.dash-links__link, [data-testid="receipt-card"]');
        if (card && content) {
          w.__dashReady = performance.now();
          observer.disconnect();
        }
      };
      const observer = new MutationObserver(check);
      observer.observe(document, { childList: true, subtree: true });
    });
    const signIn = await page.request.post('/api/auth/signin', { data: who });
    if (!signIn.ok()) throw new Error(`sign-in failed: ${signIn.status()}`);
    await page.goto('/dashboard?tab=receipts');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise<void>((r) => navigator.serviceWorker.addEventListener('controllerchange', () => r(), { once: true }));
      }
    });
    // Everything on the device before going offline.
    await page.locator('[data-testid="receipt-card"]').nth(RECEIPTS - 1).waitFor({ timeout: 120_000 });
    await page.goto('/dashboard');
    await page.locator('.dash-links__link').nth(LIKES - 1).waitFor({ timeout: 120_000 });
    await page.goto('/dashboard?tab=attending');
    await page.locator('.dash-links__link').nth(ATTENDING - 1).waitFor({ timeout: 120_000 });
    await context.setOffline(true);

    for (const [tab, label] of [
      ['', `${LIKES} likes`],
      ['?tab=attending', `${ATTENDING} attending`],
      ['?tab=receipts', `${RECEIPTS} receipts`],
    ] as const) {
      await page.goto(`/dashboard${tab}`); // warm-up
      await page.waitForFunction(() => (window as unknown as { __dashReady?: number }).__dashReady !== undefined);
      const samples: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        await page.reload();
        await page.waitForFunction(() => (window as unknown as { __dashReady?: number }).__dashReady !== undefined, null, { timeout: 30_000 });
        samples.push(await page.evaluate(() => (window as unknown as { __dashReady: number }).__dashReady));
      }
      const s = stats(samples);
      report(`dashboard offline first render, ${label} (n=${s.n})`, `p50 ${s.p50.toFixed(0)} ms p99 ${s.p99.toFixed(0)} ms`, 'p99 <= 400 ms', s.p99 <= 400);
    }
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
    await server.stop();
  }
}
