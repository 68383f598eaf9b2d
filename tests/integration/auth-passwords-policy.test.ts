// ADR 013: a password change asks for the current password, the commonest
// passwords are refused everywhere a password is chosen, and reset links stay out of the log
// in production.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { postJson, resetTokenFrom, signIn, signUp, signupBody, waitForMail } from './helpers/accounts.ts';
import { createMailer } from '../../sync-server/src/mail/mailer.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({ WORKERS: 'false' });
});
afterAll(async () => {
  await ts?.close();
});

const COMMON = ['123456', 'aaaaaa', '      ', 'password', 'qwerty'];
const COMMON_MESSAGE = 'This password is too common and easy to guess. Please choose another.';

describe('password change', () => {
  it('refuses a wrong or missing current password, and changes nothing', async () => {
    const m = await signUp(ts.url);
    const missing = await postJson(ts.url, '/api/auth/password', { password: 'a-new-secret-9' }, { token: m.token });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please enter your current password');
    const wrong = await postJson(ts.url, '/api/auth/password', { current_password: 'not-my-password', password: 'a-new-secret-9' }, { token: m.token });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ error: 'wrong_password', message: 'Your current password is incorrect' });
    expect((await signIn(ts.url, m.email, m.password)).status).toBe(200);
    expect((await signIn(ts.url, m.email, 'a-new-secret-9')).status).toBe(401);
  });

  it('counts wrong current passwords like failed sign-ins', async () => {
    const limited = await startTestServer({ WORKERS: 'false', RATE_SIGNIN_PER_ACCOUNT: '2' });
    try {
      const m = await signUp(limited.url);
      for (let i = 0; i < 2; i++) {
        expect((await postJson(limited.url, '/api/auth/password', { current_password: 'guess', password: 'a-new-secret-9' }, { token: m.token })).status).toBe(403);
      }
      const third = await postJson(limited.url, '/api/auth/password', { current_password: m.password, password: 'a-new-secret-9' }, { token: m.token });
      expect(third.status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('common passwords', () => {
  it.each(COMMON)('refuses %j at sign-up, change and reset', async (pw) => {
    const up = await postJson(ts.url, '/api/auth/signup', signupBody({ password: pw }));
    expect(up.status).toBe(400);
    expect(up.body).toEqual({ error: 'weak_password', message: COMMON_MESSAGE });

    const m = await signUp(ts.url);
    const change = await postJson(ts.url, '/api/auth/password', { current_password: m.password, password: pw }, { token: m.token });
    expect(change.status).toBe(400);
    expect(change.body.message).toBe(COMMON_MESSAGE);

    await postJson(ts.url, '/api/auth/reset-request', { email: m.email });
    const token = resetTokenFrom(await waitForMail(ts.dataDir, m.email));
    const reset = await postJson(ts.url, '/api/auth/reset', { token, password: pw });
    expect(reset.status).toBe(400);
    expect(reset.body.message).toBe(COMMON_MESSAGE);
    // The link is not spent by a refused password.
    expect((await postJson(ts.url, '/api/auth/reset', { token, password: 'a-better-one-7' })).status).toBe(200);
  });

  it('keeps the 6-character minimum and accepts an ordinary password', async () => {
    const short = await postJson(ts.url, '/api/auth/signup', signupBody({ password: 'x9!' }));
    expect(short.body.message).toBe('Password must be at least 6 characters long');
    expect((await postJson(ts.url, '/api/auth/signup', signupBody({ password: 'steelpan-98' }))).status).toBe(201);
  });
});

describe('reset links in the log', () => {
  async function logged(logDetails: boolean): Promise<unknown[]> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'fete-mail-'));
    const lines: unknown[] = [];
    try {
      const mailer = createMailer({ smtpUrl: undefined, from: 'Fete <x@fete.local>', dataDir: dir, log: (_l, msg, extra) => lines.push({ msg, extra }), logDetails });
      await mailer.send({ to: 'a@example.org', subject: 'Reset', text: 'Open https://fete.example/reset-password?token=SECRET to reset.' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    return lines;
  }

  it('never writes the link or the address in production, and does in development', async () => {
    const production = JSON.stringify(await logged(false));
    expect(production).not.toContain('SECRET');
    expect(production).not.toContain('a@example.org');
    const development = JSON.stringify(await logged(true));
    expect(development).toContain('SECRET');
    expect(development).toContain('a@example.org');
  });

  it('production is NODE_ENV=production', async () => {
    const { loadConfig } = await import('../../sync-server/src/config.ts');
    expect(loadConfig({ NODE_ENV: 'production' }).NODE_ENV).toBe('production');
    expect(loadConfig({}).NODE_ENV).toBe('development');
  });
});
