// A visitor's first visit, made once per run: most browser tests start from a copy of its profile
// (service worker active, shell precached, catalogue on the device), as a returning visitor does.
// Tests of the first visit itself ask for a fresh profile (the `freshProfile` option).
import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { scratchRoot } from '../../support/scratch-root.ts';
import { launchChromium } from './chromium.ts';

export async function makeWarmProfile(baseURL: string): Promise<string> {
  const profile = await mkdtemp(path.join(scratchRoot(), 'fete-chromium-warm-'));
  const context = await launchChromium(profile, { baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    // A screen without pictures: the uploads' runtime cache stays empty, so tests that fail or
    // replace a picture still see their own answer.
    await page.goto('/settings/profile');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await page.getByTestId('sync-status').filter({ hasText: 'All synced' }).waitFor({ timeout: 60_000 });
  } finally {
    await context.close();
  }
  return profile;
}
