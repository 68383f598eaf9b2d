// Shared by the chat benches: the app in Chromium (a persistent profile per person, as on a
// phone), signed in, on Fete Chat.
import type { BrowserContext, Page } from '@playwright/test';
import type { BenchServer } from './lib.ts';
import { otherBrowser } from '../tests/e2e/support/fixtures.ts';

/** The server settings of the chat benches: one member posts far past the Public Chat limit. */
export const CHAT_BENCH_ENV = { SERVE_WEB: 'true', SEED_DEMO: 'true', CHAT_POSTS_PER_MINUTE: '1000000', USERDB_WRITES_PER_MINUTE: '1000000', DMS_PER_MINUTE: '1000000', DMS_PER_RECEIVER_PER_MINUTE: '1000000' };

export interface Phone {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/** A phone of its own, with its profile on the disk as a phone's storage is. */
export function openPhone(server: BenchServer): Promise<Phone> {
  return otherBrowser(server.url, { onDisk: true, viewport: { width: 1280, height: 720 } });
}

/** Signs in over the API (the refresh cookie lands in the profile) and opens the public room. */
export async function openChat(phone: Phone, who: { email: string; password: string }): Promise<void> {
  const res = await phone.page.request.post('/api/auth/signin', { data: { email: who.email, password: who.password } });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()}`);
  await phone.page.goto('/fete-chat');
  await phone.page.getByPlaceholder('Message everyone...', { exact: true }).waitFor({ timeout: 60_000 });
}

export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((r) => navigator.serviceWorker.addEventListener('controllerchange', () => r(), { once: true }));
    }
  });
}
