// Helpers of the PWA specs.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from '@playwright/test';

/** Waits until a service worker controls the page (the app shell is then precached). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
  });
}

/**
 * Reloads with the network off, as a phone in airplane mode would. Chromium 150 applies the
 * emulated offline state to requests but not to `navigator.onLine` of a page loaded after it was
 * set (it says true), which no real device does: setting it again puts the page in line.
 */
export async function reloadOffline(page: Page, context: BrowserContext): Promise<void> {
  await page.reload();
  await context.setOffline(false);
  await context.setOffline(true);
}

/** Chromium offers installation in a fresh profile whenever it likes: keep that out, so each test decides. */
export async function holdBackRealInstallOffers(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.addEventListener(
      'beforeinstallprompt',
      (e) => {
        if (!(e as Event & { feteTest?: boolean }).feteTest) e.stopImmediatePropagation();
      },
      true,
    );
  });
}

/** What Chromium does when the app becomes installable. */
export async function offerInstall(page: Page): Promise<void> {
  await page.evaluate(() => {
    const e = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>;
    e.feteTest = true;
    e.prompt = async () => undefined;
    e.userChoice = Promise.resolve({ outcome: 'dismissed' });
    window.dispatchEvent(e);
  });
}

export interface ReleaseProxy {
  /** The proxy's own origin: a fresh origin for the browser, so its service worker is the test's own. */
  url: string;
  /** From now on /sw.js carries `tag`, as a rebuild would: the browser installs it as a new version. */
  release(tag: string): void;
  close(): Promise<void>;
}

/**
 * A pass-through proxy in front of the e2e server that can serve a changed /sw.js. The browser
 * fetches the worker script itself (page routes do not see it), and the shared dist/ must not be
 * edited while other specs run, so a new release is simulated here.
 */
export async function startReleaseProxy(target: string): Promise<ReleaseProxy> {
  const upstream = new URL(target);
  let tag: string | null = null;
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (tag !== null && req.method === 'GET' && url.split('?')[0] === '/sw.js') {
      const current = tag;
      fetch(new URL('/sw.js', upstream))
        .then(async (r) => {
          const body = `${await r.text()}\n// ${current}\n`;
          res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' });
          res.end(body);
        })
        .catch(() => res.destroy());
      return;
    }
    const forward = http.request(
      { hostname: upstream.hostname, port: upstream.port, path: url, method: req.method, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    release(t) {
      tag = t;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Asks the page's registration to check for a new worker and waits until one is installed and waiting. */
export async function findWaitingWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    await reg?.update();
    for (let i = 0; i < 100 && !reg?.waiting; i++) await new Promise((r) => setTimeout(r, 100));
    if (!reg?.waiting) throw new Error('no new service worker is waiting');
  });
}
