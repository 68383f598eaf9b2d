// No e-mail address reaches a production log line: a server started with NODE_ENV=production
// and LOG_LEVEL=debug goes through every path that sends mail (a reset, a status change) or
// handles an address (sign-up, sign-in, the operator's admin, a password change, account
// deletion), and its whole log is searched. A mail server that refuses the recipient and quotes
// the address back is the other way an address gets in: that failure is logged by account.
import { createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer } from './helpers/spawn-server.ts';
import type { ChildServer } from './helpers/spawn-server.ts';
import { adminCallOverHttp } from './helpers/admin-http.ts';
import { postJson, readOutbox, resetTokenFrom, signIn, signUp, uniqueEmail, waitForMail } from './helpers/accounts.ts';
import { waitFor } from './data-harness.ts';
import { makeSubmission } from '../fixtures/index.ts';
import { scratchRoot } from '../support/scratch-root.ts';

/** Anything shaped like an address, as the sign-up schema accepts them. */
const ANY_ADDRESS = /[A-Za-z0-9_'+.-]+(?:@|%40)(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}/;
const ADMIN = { email: 'log-admin@fete.test', password: 'log-admin-pass-1' };
const RELAXED = { RATE_SIGNIN_PER_ACCOUNT: '1000', RATE_SIGNIN_PER_IP: '1000', RATE_SIGNUP_PER_IP: '1000', RATE_RESET_PER_ACCOUNT: '1000', RATE_RESET_PER_IP: '1000' };

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function productionServer(env: Record<string, string> = {}): Promise<{ server: ChildServer; dataDir: string }> {
  const dataDir = await mkdtemp(path.join(scratchRoot(), 'fete-logs-'));
  const server = await spawnServer({
    dataDir,
    port: await freePort(),
    captureLog: true,
    env: { ...RELAXED, NODE_ENV: 'production', LOG_LEVEL: 'debug', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...env },
  });
  cleanups.push(async () => {
    await server.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  });
  return { server, dataDir };
}

/** A submission of the member's with the admins, and the admin's status change on it (which mails the member). */
async function changeStatus(url: string, userId: string): Promise<number> {
  const sub = makeSubmission({ userid: userId, status: 'pending' });
  expect((await adminCallOverHttp(`${url}/db`)('PUT', `/submissions/${encodeURIComponent(sub._id)}`, sub)).status).toBe(201);
  const admin = await signIn(url, ADMIN.email, ADMIN.password);
  expect(admin.status).toBe(200);
  return (await postJson(url, '/api/functions/form-status-notification', { submissionId: sub.id, status: 'completed' }, { token: admin.token })).status;
}

function expectNoAddress(log: string, addresses: string[]): void {
  for (const a of addresses) expect(log.toLowerCase(), `the log names ${a}`).not.toContain(a.toLowerCase());
  const line = log.split('\n').find((l) => ANY_ADDRESS.test(l));
  expect(line, 'a log line with an address').toBeUndefined();
}

/** An SMTP server that refuses every recipient, quoting the address back as real ones do. */
async function refusingSmtp(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffered = '';
    socket.write('220 mail.test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffered += chunk.toString('utf8');
      let end: number;
      while ((end = buffered.indexOf('\r\n')) >= 0) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 mail.test\r\n');
        else if (verb === 'RCPT') socket.write(`550 5.1.1 ${/<[^>]*>/.exec(line)?.[0] ?? '<>'}: Recipient address rejected: User unknown\r\n`);
        else if (verb === 'QUIT') socket.end('221 Bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('production logs name no e-mail address', () => {
  it('through sign-up, sign-in, a reset, a password change, a status change mail and account deletion', async () => {
    const { server, dataDir } = await productionServer();
    const url = server.url;
    const member = await signUp(url);
    const other = await signUp(url);
    const stranger = uniqueEmail('nobody');

    expect((await signIn(url, member.email, 'not-my-password')).status).toBe(401);
    expect((await signIn(url, stranger, 'not-my-password')).status).toBe(401);

    // The reset: requested, mailed, used.
    expect((await postJson(url, '/api/auth/reset-request', { email: stranger })).status).toBe(200);
    expect((await postJson(url, '/api/auth/reset-request', { email: member.email })).status).toBe(200);
    const token = resetTokenFrom(await waitForMail(dataDir, member.email));
    expect((await postJson(url, '/api/auth/reset', { token, password: 'a-new-secret-9' })).status).toBe(200);
    const again = await signIn(url, member.email, 'a-new-secret-9');
    expect(again.status).toBe(200);
    expect((await postJson(url, '/api/auth/password', { current_password: 'a-new-secret-9', password: 'another-secret-7' }, { token: again.token })).status).toBe(200);

    // The status change mail.
    expect(await changeStatus(url, member.userId)).toBe(200);
    await waitFor(async () => (await readOutbox(dataDir)).filter((m) => m.to.includes(member.email)).length === 2, 'the status mail', 15_000);

    expect((await postJson(url, '/api/functions/delete-user', {}, { token: other.token })).status).toBe(200);

    // Both mails were logged (each line follows its file); neither line nor file name names anyone.
    await waitFor(() => server.log().split('mail written to').length - 1 >= 2, 'the outbox lines in the log');
    const log = server.log();
    expect(log).toContain('admin account created');
    expect(log).toContain('account deleted');
    expectNoAddress(log, [member.email, other.email, stranger, ADMIN.email]);
    expect((await readdir(path.join(dataDir, 'outbox'))).filter((f) => f.includes('@'))).toEqual([]);
  });

  it('when the mail server refuses the address and quotes it back', async () => {
    const smtp = await refusingSmtp();
    cleanups.push(() => smtp.close());
    const { server } = await productionServer({ SMTP_URL: smtp.url });
    const member = await signUp(server.url);

    expect((await postJson(server.url, '/api/auth/reset-request', { email: member.email })).status).toBe(200);
    expect(await changeStatus(server.url, member.userId)).toBe(200);
    await waitFor(() => server.log().includes('password reset mail failed') && server.log().includes('status e-mail failed'), 'the two failures in the log');

    const failures = server.log().split('\n').filter((l) => l.includes('mail failed'));
    expect(failures).toHaveLength(2);
    for (const line of failures) {
      // Named by account, with the mail server's words and the address taken out of them.
      expect(line).toContain(member.userId);
      expect(line).toContain('Recipient address rejected');
      expect(line).toContain('[email]');
    }
    expectNoAddress(server.log(), [member.email, ADMIN.email]);
  });
});
