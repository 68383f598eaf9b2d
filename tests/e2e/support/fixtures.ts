// The browser tests' fixtures: a persistent Chromium context per test (Playwright's incognito
// contexts make Chromium call the app not installable), started from a copy of the run's warm
// profile unless the test asks for a fresh one; the server, demo accounts, and axe.
import { test as base, expect } from '@playwright/test';
import type { BrowserContext, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { scratchRoot } from '../../support/scratch-root.ts';
import { serverInfo } from './server-info.ts';
import type { E2eServerInfo } from './server-info.ts';

import { CHROMIUM, CHROMIUM_ARGS, launchChromium } from './chromium.ts';

export { CHROMIUM, CHROMIUM_ARGS };

export const DEMO = {
  member: { email: 'member@fete.demo', password: 'fete-member' },
  owner: { email: 'owner@fete.demo', password: 'fete-owner' },
  admin: { email: 'admin@fete.demo', password: 'fete-admin' },
} as const;

export interface E2eServer extends E2eServerInfo {
  /** The e-mails written to DATA_DIR/outbox, oldest first. */
  outbox(): Promise<{ file: string; text: string }[]>;
}

interface Fixtures {
  server: E2eServer;
  context: BrowserContext;
  page: Page;
  /** Width and height for the test's context (default 1280x800). */
  viewportSize: { width: number; height: number };
  /**
   * Whether the app may invite the member to turn on notifications (ADR 048). Off by default: the
   * invitation stays until answered, and each spec decides about it, as with install offers.
   */
  pushInvites: boolean;
  /**
   * Start from an empty profile, as a first visit does: no service worker, nothing cached, no
   * catalogue on the device. Off by default: the others start from the warm profile, which saves
   * each test the first visit's downloads and replication.
   */
  freshProfile: boolean;
  /**
   * The motion preference the page sees: 'reduce' by default, so the partner strip, the hero and
   * the spinners do not keep Chromium drawing 60 frames a second through every test (a tenth of
   * the browser phase's CPU), and no check meets a toast halfway through fading in. The specs of
   * the animations themselves (the home page's) ask for 'no-preference' (ADR 051).
   */
  motion: 'reduce' | 'no-preference';
}

/**
 * A new profile folder, in memory where the machine allows: a copy of the warm one, or empty.
 * Copied with `cp -a`: Node's fs.cp walks the profile's ~580 files one promise at a time and took
 * 0.7-1 s a test on disk, against 40 ms (ADR 051).
 */
export async function newProfile(server: E2eServerInfo, fresh = false): Promise<string> {
  const profile = await mkdtemp(path.join(scratchRoot(), 'fete-chromium-'));
  if (!fresh) {
    try {
      await promisify(execFile)('cp', ['-a', `${server.warmProfile}/.`, profile]);
    } catch {
      await cp(server.warmProfile, profile, { recursive: true });
    }
  }
  return profile;
}

/**
 * Another person's browser beside the test's own (a second phone, a visitor): an empty profile
 * of its own, in memory unless `onDisk` (the benches, which time the device's storage too);
 * `close` shuts it and removes the profile.
 */
export async function otherBrowser(
  baseURL: string,
  options: { viewport?: { width: number; height: number }; onDisk?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; close: () => Promise<void> }> {
  const profile = await mkdtemp(path.join(scratchRoot(!options.onDisk), 'fete-chromium-other-'));
  const context = await launchChromium(profile, { baseURL, viewport: options.viewport ?? { width: 1280, height: 800 } });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

export const test = base.extend<Fixtures>({
  viewportSize: [{ width: 1280, height: 800 }, { option: true }],
  pushInvites: [false, { option: true }],
  freshProfile: [false, { option: true }],
  motion: ['reduce', { option: true }],
  server: async ({}, use) => {
    const info = serverInfo();
    await use({
      ...info,
      async outbox() {
        const dir = path.join(info.dataDir, 'outbox');
        const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
        return Promise.all(files.map(async (f) => ({ file: path.join(dir, f), text: await readFile(path.join(dir, f), 'utf8') })));
      },
    });
  },
  context: async ({ server, viewportSize, pushInvites, freshProfile, motion }, use) => {
    const profile = await newProfile(server, freshProfile);
    const context = await launchChromium(profile, { baseURL: server.url, viewport: viewportSize, reducedMotion: motion });
    if (!pushInvites) {
      await context.addInitScript(() => {
        try {
          localStorage.setItem('fete-push-invited', 'e2e');
        } catch {
          // no storage: no invitation either
        }
      });
    }
    await use(context);
    await context.close();
    await rm(profile, { recursive: true, force: true });
  },
  page: async ({ context }, use) => {
    const page = context.pages()[0] ?? (await context.newPage());
    await use(page);
  },
});

export { expect };

/** axe-core's script, read once per worker. */
let axeSource: string | undefined;

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * Axe on the current screen: no serious or critical violations. axe-core goes into the page once
 * and stays there while the test moves inside the app; each check then runs it with violations
 * only. @axe-core/playwright injected it again and gathered every pass on each call, which cost
 * 0.7 to 3.7 s a screen here against 0.1 to 0.9 s (the app has no frames, which is all it adds).
 */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } };
    // Axe measures what is on screen as people see it a moment later: a toast fading in (opacity 0
    // at its start) failed color-contrast once in CI. Finite animations jump to their end and any
    // that start during the check run in no time, as Playwright's `animations: 'disabled'` does.
    // Finished first, at their own length, so that taking the style away does not replay them.
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getComputedTiming().endTime !== Infinity) animation.finish();
    }
    const still = document.createElement('style');
    still.textContent =
      '*,*::before,*::after{animation-duration:0s!important;animation-delay:0s!important;transition-duration:0s!important;transition-delay:0s!important}';
    document.head.append(still);
    try {
      return (await axe.run(document, { resultTypes: ['violations'] })).violations;
    } finally {
      still.remove();
    }
  });
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`),
    `accessibility of ${label}`,
  ).toEqual([]);
}

/** A unique e-mail for tests that create accounts. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@fete.test`;
}
