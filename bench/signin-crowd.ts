// A crowd of sign-ins (ADR 056): waves of sign-ins with unknown e-mails (each still hashed, so
// timing hides which accounts exist) while one reader keeps reading a document and another asks
// for health. Prints how long those reads and health checks took, and how the crowd was answered
// (refused after a hash, or 429 server_busy at once). The abuse test asserts they are answered at
// all; how fast is judged here.
import { authHeaders, benchServer, report, sized, stats } from './lib.ts';
import { makeEvent } from '../tests/fixtures/index.ts';

const CROWD = sized(64, 16);
const WAVES = sized(6, 2);
const READ_P99_TARGET_MS = 500;
const HEALTH_WORST_TARGET_MS = 1_000;
const EVENT_ID = 'event:crowdbench01';

async function timed(url: string): Promise<number> {
  const t = performance.now();
  const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - t;
}

export async function signinCrowd(): Promise<void> {
  const server = await benchServer();
  try {
    const headers = await authHeaders('signin-crowd-admin', ['member', 'admin']);
    const event = { ...makeEvent({ organizer_id: null, updated_by: 'signin-crowd-admin', updated_at: new Date().toISOString() }), _id: EVENT_ID };
    const put = await fetch(`${server.dbUrl}/catalog/${EVENT_ID}`, { method: 'PUT', headers, body: JSON.stringify(event) });
    if (put.status !== 201) throw new Error(`seeding the event: ${put.status} ${await put.text()}`);

    const reads: number[] = [];
    const health: number[] = [];
    const statuses = new Map<number, number>();
    for (let wave = 0; wave < WAVES; wave++) {
      let crowdDone = false;
      const reader = (async () => {
        while (!crowdDone) reads.push(await timed(`${server.dbUrl}/catalog/${EVENT_ID}`));
      })();
      const checker = (async () => {
        while (!crowdDone) health.push(await timed(`${server.url}/api/health`));
      })();
      const crowd = await Promise.all(
        Array.from({ length: CROWD }, async (_, i) => {
          const res = await fetch(`${server.url}/api/auth/signin`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: server.url },
            body: JSON.stringify({ email: `nobody-${wave}-${i}@example.org`, password: 'not-the-password' }),
          });
          await res.arrayBuffer();
          return res.status;
        }),
      );
      crowdDone = true;
      await Promise.all([reader, checker]);
      for (const s of crowd) statuses.set(s, (statuses.get(s) ?? 0) + 1);
    }
    const r = stats(reads);
    const h = stats(health);
    const worstHealth = Math.max(...health);
    const answers = [...statuses].map(([s, n]) => `${n} × ${s}`).join(', ');
    console.log(`      signin-crowd: ${WAVES} waves of ${CROWD} sign-ins; answers ${answers}; ${r.n} reads, ${h.n} health checks`);
    report(`signin-crowd: one-document read p50 / p99`, `${r.p50.toFixed(0)} / ${r.p99.toFixed(0)} ms`, `p99 <= ${READ_P99_TARGET_MS} ms`, r.p99 <= READ_P99_TARGET_MS);
    report(`signin-crowd: health p50 / worst`, `${h.p50.toFixed(0)} / ${worstHealth.toFixed(0)} ms`, `worst <= ${HEALTH_WORST_TARGET_MS} ms`, worstHealth <= HEALTH_WORST_TARGET_MS);
  } finally {
    await server.stop();
  }
}
