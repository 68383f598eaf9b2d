// A demo account whose start was killed between the e-mail claim and the account (what the
// demo-restart test meets now and then) is still made on the next start, and signs in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoAccount } from '../../sync-server/src/demo/accounts.ts';
import { putDoc } from '../../sync-server/src/auth/doc-store.ts';
import { emailId } from '../../design-docs/src/ids.ts';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.close();
});

const spec = {
  email: 'orphan.claim@fete.demo',
  password: 'orphan-claim-pass',
  first_name: 'Orphan',
  last_name: 'Claim',
  territory: 'Trinidad and Tobago',
  locality: 'Port of Spain',
  role: 'member' as const,
  avatar_url: 'demo/avatar.webp',
};

describe('demo accounts after a crash inside sign-up', () => {
  it('releases a fresh e-mail claim that has no account, then creates the account', async () => {
    const call = t.server.ctx.adminCall;
    const orphan = { _id: emailId(spec.email), type: 'email', user_id: 'f'.repeat(32), created_at: new Date().toISOString() };
    expect(await putDoc(call, 'accounts', orphan)).not.toBe('conflict');

    const userId = await ensureDemoAccount(t.server.ctx, spec);
    expect(userId).not.toBe(orphan.user_id);

    const claim = (await call('GET', `/accounts/${encodeURIComponent(emailId(spec.email))}`)).body as { user_id: string };
    expect(claim.user_id).toBe(userId);
    const res = await fetch(`${t.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: spec.email, password: spec.password }),
    });
    expect(res.status).toBe(200);
    // Run again, it is the same account.
    expect(await ensureDemoAccount(t.server.ctx, spec)).toBe(userId);
  });
});
