// Time from navigation to first render of the app shell, offline and warm, in Chromium.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { benchServer, report, sized, stats } from './lib.ts';
import { ensureBuilt } from './app-shell-size.ts';
import { launchChromium } from '../tests/e2e/support/chromium.ts';

const RUNS = sized(15, 2);

export async function offlineRender(): Promise<void> {
  ensureBuilt();
  const server = await benchServer({ SERVE_WEB: 'true', SEED_DEMO: 'true' });
  const profile = await mkdtemp(path.join(os.tmpdir(), 'fete-bench-chromium-'));
  const context = await launchChromium(profile, { baseURL: server.url });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise<void>((r) => navigator.serviceWorker.addEventListener('controllerchange', () => r(), { once: true }));
      }
    });
    await context.setOffline(true);
    // One warm-up reload, then the measured ones.
    await page.reload();
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await page.reload();
      await page.locator('#main').waitFor();
      const ms = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              const fcp = list.getEntries().find((e) => e.name === 'first-contentful-paint');
              if (fcp) resolve(fcp.startTime);
            }).observe({ type: 'paint', buffered: true });
          }),
      );
      samples.push(ms);
    }
    const s = stats(samples);
    report(`offline warm start, navigation -> first render (n=${s.n})`, `p50 ${s.p50.toFixed(0)} ms p99 ${s.p99.toFixed(0)} ms`, 'p99 <= 400 ms', s.p99 <= 400);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
    await server.stop();
  }
}
