// The largest `_all_docs` answer a visitor may ask for (ADR 037): 10,000 documents of about
// 6 KB with `include_docs`. Its time to the first byte, its time to the end, its size (it ends
// at the read budget and says how to go on), and the server's RSS while serving it, alone and
// four at once. The reads run on a fresh process, so the seeding's memory is not counted.
import { makeEvent } from '../tests/fixtures/index.ts';
import { spawnServer } from '../tests/integration/helpers/spawn-server.ts';
import { authHeaders, benchServer, report, rssMb, sized } from './lib.ts';

const DOCS = sized(10_000, 500);
const BLOB = 'Soca, steelpan and sunrise on the savannah. '.repeat(100).slice(0, 4_500);

interface ReadFigure {
  firstByteMs: number;
  endMs: number;
  bytes: number;
}

async function timedRead(url: string): Promise<ReadFigure> {
  const t0 = performance.now();
  const res = await fetch(url);
  let firstByteMs = NaN;
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    if (bytes === 0) firstByteMs = performance.now() - t0;
    bytes += chunk.byteLength;
  }
  return { firstByteMs, endMs: performance.now() - t0, bytes };
}

/** Runs `work` while sampling the process's RSS every 20 ms; answers its result and the peak. */
async function withPeakRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 20);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, rssMb(pid)) };
  } finally {
    clearInterval(timer);
  }
}

export async function largestRead(): Promise<void> {
  const seeding = await benchServer({ WORKERS: 'false' });
  const headers = await authHeaders('bench-admin', ['member', 'admin']);
  const by = { updated_by: 'bench-admin', updated_at: new Date().toISOString() };
  for (let start = 0; start < DOCS; start += 500) {
    const docs = Array.from({ length: 500 }, (_, i) => ({ ...makeEvent({ organizer_id: null, ...by }, start + i), _id: `event:big${String(start + i).padStart(5, '0')}`, description: BLOB }));
    const res = await fetch(`${seeding.dbUrl}/catalog/_bulk_docs`, { method: 'POST', headers, body: JSON.stringify({ docs }) });
    if (res.status !== 201) throw new Error(`seeding answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  }
  const port = Number(new URL(seeding.url).port);
  await seeding.kill('SIGTERM');
  const server = await spawnServer({ dataDir: seeding.dataDir, port, env: { WORKERS: 'false' } });
  try {
    const url = `${server.url}/db/catalog/_all_docs?include_docs=true&limit=${DOCS}`;
    const pid = server.child.pid as number;
    const before = rssMb(pid);
    const one = await withPeakRss(pid, () => timedRead(url));
    const four = await withPeakRss(pid, () => Promise.all([1, 2, 3, 4].map(() => timedRead(url))));
    const slowest = Math.max(...four.result.map((r) => r.endMs));
    report('largest _all_docs: time to first byte', `${one.result.firstByteMs.toFixed(0)} ms`, '<= 200 ms', one.result.firstByteMs <= 200);
    report('largest _all_docs: time to the end', `${one.result.endMs.toFixed(0)} ms`, '<= 2,000 ms', one.result.endMs <= 2000);
    report('largest _all_docs: server RSS while serving', `${one.peak.toFixed(0)} MB`, '< 400 MB', one.peak < 400);
    report('four at once: slowest to the end', `${slowest.toFixed(0)} ms`, '<= 5,000 ms', slowest <= 5000);
    report('four at once: server RSS while serving', `${four.peak.toFixed(0)} MB`, '< 400 MB', four.peak < 400);
    console.log(`      (${(one.result.bytes / 1048576).toFixed(1)} MB per answer, cut at the read budget; RSS before: ${before.toFixed(0)} MB)`);
  } finally {
    await server.kill('SIGTERM');
    await seeding.stop();
  }
}
