// The set-up of the admin repository tests: one real server with an admin account (ADMIN_EMAIL),
// data-layer clients opened per test and closed after it, and the admin signed in on one.
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { openClient } from './data-harness.ts';
import type { Client } from './data-harness.ts';

export interface AdminHarness {
  /** The server, once `beforeAll` has started it. */
  readonly ts: TestServer;
  /** A started data layer, signed out. */
  client(): Promise<Client>;
  /** A started data layer with the admin signed in. */
  admin(): Promise<Client>;
}

export function adminHarness(account = { email: 'boss@fete.example', password: 'admin-pass-1' }): AdminHarness {
  let server: TestServer | undefined;
  const clients: Client[] = [];
  beforeAll(async () => {
    server = await startTestServer({ ADMIN_EMAIL: account.email, ADMIN_PASSWORD: account.password });
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) await c.data.close();
  });
  afterAll(async () => {
    await server?.close();
  });
  const harness: AdminHarness = {
    get ts() {
      if (!server) throw new Error('the test server has not started');
      return server;
    },
    async client() {
      const c = openClient(harness.ts.url);
      clients.push(c);
      await c.data.start();
      return c;
    },
    async admin() {
      const c = await harness.client();
      await c.data.signIn(account.email, account.password);
      return c;
    },
  };
  return harness;
}
