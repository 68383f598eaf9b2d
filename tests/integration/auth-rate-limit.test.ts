// Rate limits: N attempts pass, the N+1th is 429 with Retry-After. TRUST_PROXY lets each
// test speak from its own address through X-Forwarded-For.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { postJson, signIn, signUp, signupBody, uniqueEmail } from './helpers/accounts.ts';

let ts: TestServer;
let ipCounter = 0;
const freshIp = () => ({ 'x-forwarded-for': `198.51.100.${++ipCounter}` });

const LIMITED = { error: 'rate_limited', message: 'Too many attempts. Please try again later.' };

beforeAll(async () => {
  ts = await startTestServer({
    WORKERS: 'false',
    TRUST_PROXY: 'true',
    RATE_SIGNIN_PER_ACCOUNT: '3',
    RATE_SIGNIN_PER_ACCOUNT_ALL: '6',
    RATE_SIGNIN_PER_IP: '5',
    RATE_SIGNUP_PER_IP: '2',
    RATE_RESET_PER_ACCOUNT: '2',
    RATE_RESET_PER_IP: '4',
    RATE_WINDOW_SECONDS: '600',
  });
});
afterAll(async () => {
  await ts?.close();
});

/** The known-device cookie an answer set, as a request `cookie` header value. */
function deviceCookie(headers: Headers): string | undefined {
  for (const line of headers.getSetCookie()) {
    const m = /^fete_device=([^;]*)/.exec(line);
    if (m) return `fete_device=${m[1]}`;
  }
  return undefined;
}

function expectLimited(res: { status: number; body: unknown; headers: Headers }, windowSeconds = 600) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual(LIMITED);
  const retry = Number(res.headers.get('retry-after'));
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(windowSeconds);
}

describe('rate limits', () => {
  it('sign-in per account and address: 3 failures pass, the 4th from that address is 429 even with the right password', async () => {
    const m = await signUp(ts.url, {}, freshIp());
    const attacker = freshIp();
    for (let i = 0; i < 3; i++) expect((await signIn(ts.url, m.email, 'wrong-password', attacker)).status).toBe(401);
    expectLimited(await signIn(ts.url, m.email, m.password, attacker));
    // Counted per normalised e-mail.
    expectLimited(await signIn(ts.url, m.email.toUpperCase(), m.password, attacker));
    // The stranger's guesses do not lock the owner out: from their own address they sign in.
    expect((await signIn(ts.url, m.email, m.password, freshIp())).status).toBe(200);
    // Another account is not affected.
    const other = await signUp(ts.url, {}, freshIp());
    expect((await signIn(ts.url, other.email, other.password, freshIp())).status).toBe(200);
  });

  it('a flood from many addresses locks new devices out of the account, but not a device that signed in before', async () => {
    const m = await signUp(ts.url, {}, freshIp());
    const device = deviceCookie(m.headers);
    expect(device).toMatch(/^fete_device=/);
    for (let i = 0; i < 6; i++) expect((await signIn(ts.url, m.email, 'wrong-password', freshIp())).status).toBe(401);
    // A new device is held off, even with the right password...
    expectLimited(await signIn(ts.url, m.email, m.password, freshIp()));
    // ...while the owner's phone, which signed in before, gets in from a new address.
    const phone = await postJson(ts.url, '/api/auth/signin', { email: m.email, password: m.password }, { headers: { ...freshIp(), cookie: device as string } });
    expect(phone.status).toBe(200);
    // A device cookie for another account does not open this one.
    const other = await signUp(ts.url, {}, freshIp());
    const foreign = await postJson(ts.url, '/api/auth/signin', { email: m.email, password: m.password }, { headers: { ...freshIp(), cookie: deviceCookie(other.headers) as string } });
    expect(foreign.status).toBe(429);
  });

  it('sign-in per account also counts unknown e-mails, so the limit reveals nothing', async () => {
    const ghost = uniqueEmail('ghost');
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await signIn(ts.url, ghost, 'whatever', ip)).status).toBe(401);
    expectLimited(await signIn(ts.url, ghost, 'whatever', ip));
    for (let i = 0; i < 3; i++) expect((await signIn(ts.url, ghost, 'whatever', freshIp())).status).toBe(401);
    expectLimited(await signIn(ts.url, ghost, 'whatever', freshIp()));
  });

  it('successful sign-ins do not use up the per-account budget', async () => {
    const m = await signUp(ts.url, {}, freshIp());
    for (let i = 0; i < 5; i++) expect((await signIn(ts.url, m.email, m.password, freshIp())).status).toBe(200);
  });

  it('sign-in per IP: 5 attempts pass, the 6th is 429', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await signIn(ts.url, uniqueEmail(), 'whatever', ip)).status).toBe(401);
    expectLimited(await signIn(ts.url, uniqueEmail(), 'whatever', ip));
    expect((await signIn(ts.url, uniqueEmail(), 'whatever', freshIp())).status).toBe(401);
  });

  it('sign-up per IP: 2 pass, the 3rd is 429 and creates nothing', async () => {
    const ip = freshIp();
    await signUp(ts.url, {}, ip);
    await signUp(ts.url, {}, ip);
    const body = signupBody();
    expectLimited(await postJson(ts.url, '/api/auth/signup', body, { headers: ip }));
    expect((await signIn(ts.url, body.email, body.password, freshIp())).status).toBe(401);
  });

  it('reset per account: 2 requests pass, the 3rd is 429', async () => {
    const m = await signUp(ts.url, {}, freshIp());
    for (let i = 0; i < 2; i++) expect((await postJson(ts.url, '/api/auth/reset-request', { email: m.email }, { headers: freshIp() })).status).toBe(200);
    expectLimited(await postJson(ts.url, '/api/auth/reset-request', { email: m.email }, { headers: freshIp() }));
  });

  it('reset per IP: 4 requests pass, the 5th is 429', async () => {
    const ip = freshIp();
    for (let i = 0; i < 4; i++) expect((await postJson(ts.url, '/api/auth/reset-request', { email: uniqueEmail() }, { headers: ip })).status).toBe(200);
    expectLimited(await postJson(ts.url, '/api/auth/reset-request', { email: uniqueEmail() }, { headers: ip }));
  });
});

describe('without TRUST_PROXY', () => {
  it('a forged X-Forwarded-For does not buy fresh attempts', async () => {
    const strict = await startTestServer({ WORKERS: 'false', RATE_SIGNUP_PER_IP: '1' });
    try {
      await signUp(strict.url, {}, { 'x-forwarded-for': '203.0.113.1' });
      const res = await postJson(strict.url, '/api/auth/signup', signupBody(), { headers: { 'x-forwarded-for': '203.0.113.2' } });
      expectLimited(res, 900);
    } finally {
      await strict.close();
    }
  });
});
