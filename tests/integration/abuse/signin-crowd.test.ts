// ADR 056: a crowd of sign-ins must not stall the server. Each sign-in hashes (an unknown e-mail
// too, so that timing hides which accounts exist) on libuv's thread pool, which LevelDB and the
// file system share. The process runs at most HASH_MAX_RUNNING hashes with HASH_MAX_WAITING in
// line; past that a sign-in is answered 429 with Retry-After at once, and health and a
// one-document read are still answered. How fast they answer is a bench's figure, not the suite's.
// Against a real process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeEvent } from '../../fixtures/index.ts';
import { send, startAbuseServer, underAttack, type AbuseServer } from './harness.ts';

const CROWD = 32;
const WAVES = 4;

let s: AbuseServer;
const EVENT_ID = 'event:crowd00001';

beforeAll(async () => {
  s = await startAbuseServer();
  const admin = await s.token('signin-crowd-admin', ['member', 'admin']);
  const event = { ...makeEvent({ organizer_id: null, updated_by: 'signin-crowd-admin', updated_at: new Date().toISOString() }), _id: EVENT_ID };
  const res = await send(`${s.dbUrl}/catalog/${EVENT_ID}`, 'PUT', event, admin);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
});
afterAll(async () => {
  await s?.close();
});

/** Whether a one-document read is answered (its time is the bench's to judge, not the suite's). */
async function answered(url: string): Promise<boolean> {
  const res = await fetch(url, { signal: AbortSignal.timeout(30_000) }).catch(() => null);
  if (!res?.ok) return false;
  await res.arrayBuffer();
  return true;
}

describe('a crowd of sign-ins', () => {
  it('32 at once with unknown e-mails: the extra ones get 429 with Retry-After, and reads and health are still answered', async () => {
    let unanswered = 0;
    const r = await underAttack(s, async () => {
      const answers: { status: number; body: any; headers: Headers }[] = [];
      for (let wave = 0; wave < WAVES; wave++) {
        const reading = (async () => {
          for (let i = 0; i < 3; i++) if (!(await answered(`${s.dbUrl}/catalog/${EVENT_ID}`))) unanswered++;
        })();
        const crowd = Array.from({ length: CROWD }, (_, i) =>
          send(`${s.url}/api/auth/signin`, 'POST', { email: `nobody-${wave}-${i}@example.org`, password: 'not-the-password' }),
        );
        answers.push(...(await Promise.all(crowd)));
        await reading;
      }
      return answers;
    });

    const busy = r.result.filter((a) => a.status === 429);
    const refused = r.result.filter((a) => a.status === 401);
    expect(busy.length + refused.length).toBe(CROWD * WAVES);
    // Past the cap and its short line: answered at once, saying when to come back.
    expect(busy.length).toBeGreaterThan(0);
    for (const a of busy) {
      expect(a.body.error).toBe('server_busy');
      expect(a.body.message).toMatch(/try again in \d+ seconds?/);
      expect(Number(a.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // The ones in line were served: an unknown e-mail is still checked like a wrong password.
    for (const a of refused) expect(a.body.error).toBe('invalid_credentials');
    expect(refused.length).toBeGreaterThan(0);

    expect(r.alive).toBe(true);
    expect(unanswered).toBe(0);
  });

  it('a sign-in after the crowd is served as usual', async () => {
    const res = await send(`${s.url}/api/auth/signin`, 'POST', { email: 'still-nobody@example.org', password: 'not-the-password' });
    expect(res.status).toBe(401);
  });
});
