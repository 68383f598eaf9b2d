// Debian's Chromium and the flags every browser test and bench starts it with.
import { chromium } from '@playwright/test';
import type { BrowserContext } from '@playwright/test';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The features Playwright turns off itself (playwright-core's chromiumSwitches.ts). Chromium keeps
 * only the last --disable-features it is given, so ours must carry Playwright's too;
 * tests/e2e/chromium-flags.spec.ts fails when Playwright's list changes.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium 156 loads the address bar's popup, a WebUI page, in a renderer of its own at every
 * start, headless too: 0.8-0.9 s of CPU a launch, more than the browser process, for a popup no
 * test opens. The browser phase starts Chromium about 260 times (ADR 051).
 */
const OUR_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OUR_DISABLED_FEATURES].join(',')}`,
];

/** Chromium in `profile` (a persistent context, as a phone keeps one) with the flags above. */
export function launchChromium(profile: string, options: { baseURL: string; viewport?: { width: number; height: number }; reducedMotion?: 'reduce' | 'no-preference'; acceptDownloads?: boolean }): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, serviceWorkers: 'allow', ...options });
}
