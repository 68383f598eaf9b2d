// The flags the browser tests start Chromium with (tests/e2e/support/chromium.ts) are in force,
// and keep every feature Playwright turns off: Chromium takes only the last --disable-features,
// so ours repeats Playwright's list, and this fails when Playwright changes it.
import { test, expect } from './support/fixtures.ts';
import { PLAYWRIGHT_DISABLED_FEATURES } from './support/chromium.ts';

test('Chromium runs with Playwright\'s disabled features and ours, and no address-bar popup renderer', async ({ page, context }) => {
  await page.goto('chrome://version');
  const html = await page.content();
  // The first --disable-features on the command line is Playwright's own.
  const commandLine = await page.locator('#command_line').innerText();
  const playwrights = /--disable-features=(\S+)/.exec(commandLine)?.[1]?.split(',') ?? [];
  expect(playwrights.length).toBeGreaterThan(0);
  expect([...playwrights].sort()).toEqual([...PLAYWRIGHT_DISABLED_FEATURES].sort());

  // What Chromium made of all its switches: base64 JSON under "Command-line Variations".
  const encoded = [...new Set(html.match(/eyJ[A-Za-z0-9+/=]+/g) ?? [])].map((b) => {
    try {
      return JSON.parse(Buffer.from(b, 'base64').toString()) as Record<string, string>;
    } catch {
      return null;
    }
  });
  const variations = encoded.find((v) => v && typeof v['disable-features'] === 'string');
  const disabled = new Set(variations?.['disable-features']?.split(','));
  for (const f of [...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup']) expect(disabled.has(f), `${f} disabled`).toBe(true);

  // No page for the address bar's popup among the browser's targets.
  const cdp = await context.newCDPSession(page);
  const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: Array<{ url: string }> };
  expect(targetInfos.map((t) => t.url).filter((u) => u.includes('omnibox'))).toEqual([]);
});
