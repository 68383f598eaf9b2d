// Time for a submission written in a member's userdb to appear in `submissions` (fan-in worker).
import { adminCallOverHttp, authHeaders, benchServer, report, sized, stats, testTokens, type CouchEngine } from './lib.ts';
import { provisionDatabase } from '../couch/src/provision.ts';
import { userDbName } from '../design-docs/src/databases.ts';
import { makeForm, makeSubmission } from '../tests/fixtures/index.ts';
import { seedFormTarget } from '../tests/integration/helpers/forms.ts';

const COUNT = sized(200, 10);

/** Milliseconds from the write in the userdb to the copy in `submissions`. */
export async function measureFanIn(couch?: CouchEngine): Promise<{ p50: number; p99: number; n: number }> {
  const server = await benchServer({}, couch);
  try {
    const user = 'benchfanin000000000000000000000a';
    const db = userDbName(user);
    const call = adminCallOverHttp(server.dbUrl);
    await provisionDatabase(call, db);
    // The worker checks each submission against its stored form and package (ADR 035): both exist, as in use.
    const formDoc = makeForm({ formtype: 'package', targetid: 'benchfanin' });
    await seedFormTarget(call, 'package', 'benchfanin');
    const formPut = await call('PUT', `/members/${encodeURIComponent(formDoc._id)}`, formDoc);
    if (formPut.status !== 201) throw new Error(`form write failed: ${formPut.status} ${JSON.stringify(formPut.body)}`);
    const member = await authHeaders(user, ['member']);
    const admin = { authorization: `Bearer ${await testTokens.serverToken()}`, accept: 'application/json' };

    const info = (await (await fetch(`${server.dbUrl}/submissions`, { headers: admin })).json()) as { update_seq: string | number };
    let since = String(info.update_seq);
    const samples: number[] = [];
    for (let i = 0; i < COUNT; i++) {
      const doc = makeSubmission({ userid: user, formDoc }, i);
      const started = performance.now();
      const put = await fetch(`${server.dbUrl}/${db}/${encodeURIComponent(doc._id)}`, { method: 'PUT', headers: member, body: JSON.stringify(doc) });
      if (put.status !== 201) throw new Error(`submission write failed: ${put.status} ${await put.text()}`);
      for (;;) {
        const res = await fetch(`${server.dbUrl}/submissions/_changes?feed=longpoll&timeout=5000&since=${encodeURIComponent(since)}`, { headers: admin });
        const body = (await res.json()) as { results: { id: string }[]; last_seq: string | number };
        since = String(body.last_seq);
        if (body.results.some((r) => r.id === doc._id)) break;
        if (performance.now() - started > 10_000) throw new Error(`submission ${doc._id} did not arrive in 10 s`);
      }
      samples.push(performance.now() - started);
    }
    return stats(samples);
  } finally {
    await server.stop();
  }
}

export async function submissionFanIn(): Promise<void> {
  const s = await measureFanIn();
  report(`submission fan-in userdb -> submissions (n=${s.n})`, `p50 ${s.p50.toFixed(0)} ms p99 ${s.p99.toFixed(0)} ms`, 'p99 <= 1000 ms', s.p99 <= 1000);
}
