// Password reset by e-mail, and password change with a bearer token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { postJson, readOutbox, resetTokenFrom, signIn, signUp, uniqueEmail, waitForMail } from './helpers/accounts.ts';

let ts: TestServer;

beforeAll(async () => {
  ts = await startTestServer({ WORKERS: 'false', PUBLIC_URL: 'https://fete.example' });
});
afterAll(async () => {
  await ts?.close();
});

const SENT = 'If an account exists with this email, you will receive password reset instructions shortly.';
const INVALID = { error: 'invalid_token', message: 'This reset link is invalid or has expired' };
const refresh = (cookie?: string) => postJson(ts.url, '/api/auth/refresh', undefined, cookie ? { cookie } : {});

describe('password reset', () => {
  it('mails a link to /reset-password; the token sets a new password once and ends every session', async () => {
    const m = await signUp(ts.url);
    const other = await signIn(ts.url, m.email, m.password);

    const req = await postJson(ts.url, '/api/auth/reset-request', { email: m.email.toUpperCase() });
    expect(req.status).toBe(200);
    expect(req.body).toEqual({ success: true, message: SENT });

    const mail = await waitForMail(ts.dataDir, m.email);
    expect(mail.subject).toMatch(/reset/i);
    expect(mail.text).toContain('https://fete.example/reset-password?token=');
    const token = resetTokenFrom(mail);

    const done = await postJson(ts.url, '/api/auth/reset', { token, password: 'brand-new-pw' });
    expect(done.status).toBe(200);
    expect(done.body.success).toBe(true);

    expect((await signIn(ts.url, m.email, m.password)).status).toBe(401);
    expect((await signIn(ts.url, m.email, 'brand-new-pw')).status).toBe(200);
    // Sessions from before the reset are gone.
    expect((await refresh(m.cookie)).status).toBe(401);
    expect((await refresh(other.cookie)).status).toBe(401);

    // The link works once.
    expect(await postJson(ts.url, '/api/auth/reset', { token, password: 'third-password' })).toMatchObject({ status: 400, body: INVALID });
    expect((await signIn(ts.url, m.email, 'brand-new-pw')).status).toBe(200);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = (await readOutbox(ts.dataDir)).length;
    const email = uniqueEmail('ghost');
    const res = await postJson(ts.url, '/api/auth/reset-request', { email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: SENT });
    await new Promise((r) => setTimeout(r, 400));
    const after = await readOutbox(ts.dataDir);
    expect(after.length).toBe(before);
    expect(after.some((mail) => mail.to.includes(email))).toBe(false);
  });

  it('needs an e-mail address', async () => {
    const res = await postJson(ts.url, '/api/auth/reset-request', {});
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter your email address');
    expect((await postJson(ts.url, '/api/auth/reset-request', { email: '  ' })).body.message).toBe('Please enter your email address');
  });

  it('refuses unknown, garbage and expired tokens, and short passwords', async () => {
    expect(await postJson(ts.url, '/api/auth/reset', { token: 'made-up', password: 'long-enough' })).toMatchObject({ status: 400, body: INVALID });
    expect(await postJson(ts.url, '/api/auth/reset', { token: '%00\u0000', password: 'long-enough' })).toMatchObject({ status: 400, body: INVALID });

    const m = await signUp(ts.url);
    await postJson(ts.url, '/api/auth/reset-request', { email: m.email });
    const token = resetTokenFrom(await waitForMail(ts.dataDir, m.email));

    const short = await postJson(ts.url, '/api/auth/reset', { token, password: '12345' });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 6 characters long');

    const call = ts.server.ctx.adminCall;
    const found = await call('POST', '/accounts/_find', { selector: { type: 'reset', user_id: m.userId } });
    const doc = (found.body as { docs: Record<string, unknown>[] }).docs[0] as Record<string, unknown>;
    await call('PUT', `/accounts/${encodeURIComponent(doc._id as string)}`, { ...doc, expires_at: new Date(Date.now() - 1000).toISOString() });
    expect(await postJson(ts.url, '/api/auth/reset', { token, password: 'long-enough' })).toMatchObject({ status: 400, body: INVALID });
    expect((await signIn(ts.url, m.email, m.password)).status).toBe(200);
  });
});

describe('older reset links (ADR 056)', () => {
  async function resetLink(email: string, nth: number): Promise<string> {
    expect((await postJson(ts.url, '/api/auth/reset-request', { email })).status).toBe(200);
    return resetTokenFrom(await waitForMail(ts.dataDir, email, { after: nth }));
  }

  it('a reset with the newer link ends the older one', async () => {
    const m = await signUp(ts.url);
    const older = await resetLink(m.email, 0);
    const newer = await resetLink(m.email, 1);
    expect((await postJson(ts.url, '/api/auth/reset', { token: newer, password: 'newer-link-pw' })).status).toBe(200);
    expect(await postJson(ts.url, '/api/auth/reset', { token: older, password: 'older-link-pw' })).toMatchObject({ status: 400, body: INVALID });
    expect((await signIn(ts.url, m.email, 'older-link-pw')).status).toBe(401);
    expect((await signIn(ts.url, m.email, 'newer-link-pw')).status).toBe(200);
  });

  it('a password change ends a link asked for before it; a link asked for after it works', async () => {
    const m = await signUp(ts.url);
    const before = await resetLink(m.email, 0);
    const changed = await postJson(ts.url, '/api/auth/password', { current_password: m.password, password: 'changed-in-settings' }, { token: m.token, cookie: m.cookie });
    expect(changed.status).toBe(200);
    expect(await postJson(ts.url, '/api/auth/reset', { token: before, password: 'from-old-link' })).toMatchObject({ status: 400, body: INVALID });
    expect((await signIn(ts.url, m.email, 'changed-in-settings')).status).toBe(200);

    const after = await resetLink(m.email, 1);
    expect((await postJson(ts.url, '/api/auth/reset', { token: after, password: 'from-new-link' })).status).toBe(200);
    expect((await signIn(ts.url, m.email, 'from-new-link')).status).toBe(200);
  });
});

describe('password change', () => {
  it('needs a valid bearer token', async () => {
    for (const token of [undefined, 'garbage', await ts.token('f'.repeat(32), ['member'])]) {
      const res = await postJson(ts.url, '/api/auth/password', { current_password: 'whatever', password: 'new-password' }, token ? { token } : {});
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'unauthorized', message: 'Please sign in again' });
    }
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const m = await signUp(ts.url);
    const phone = await signIn(ts.url, m.email, m.password);

    const res = await postJson(ts.url, '/api/auth/password', { current_password: m.password, password: 'changed-pw' }, { token: m.token, cookie: m.cookie });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);

    expect((await signIn(ts.url, m.email, m.password)).status).toBe(401);
    expect((await signIn(ts.url, m.email, 'changed-pw')).status).toBe(200);
    expect((await refresh(m.cookie)).status).toBe(200);
    expect((await refresh(phone.cookie)).status).toBe(401);
  });

  it('without the cookie every session ends', async () => {
    const m = await signUp(ts.url);
    const res = await postJson(ts.url, '/api/auth/password', { current_password: m.password, password: 'changed-pw' }, { token: m.token });
    expect(res.status).toBe(200);
    expect((await refresh(m.cookie)).status).toBe(401);
  });

  it('validates the new password', async () => {
    const m = await signUp(ts.url);
    const short = await postJson(ts.url, '/api/auth/password', { current_password: m.password, password: '123' }, { token: m.token });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 6 characters long');
    const wrongType = await postJson(ts.url, '/api/auth/password', { current_password: m.password, password: 123456 }, { token: m.token });
    expect(wrongType.status).toBe(400);
    expect((await signIn(ts.url, m.email, m.password)).status).toBe(200);
  });
});
