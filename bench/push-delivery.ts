// Web Push (ADR 048): an admin's status change to the push request at the member's push
// service (a fake one on 127.0.0.1, allowed by PUSH_ALLOWED_ORIGINS): the API call, the queue,
// web-push's encryption and VAPID signature, and the request.
import { randomBytes } from 'node:crypto';
import { adminCallOverHttp, benchServer, report, sized, stats, testTokens } from './lib.ts';
import { provisionDatabase } from '../couch/src/provision.ts';
import { userDbName } from '../design-docs/src/databases.ts';
import { FakeDevice, startFakePushService } from '../tests/integration/helpers/fake-push-service.ts';

const COUNT = sized(200, 5);

export async function pushDelivery(): Promise<void> {
  const push = await startFakePushService();
  const server = await benchServer({ PUSH_ALLOWED_ORIGINS: push.origin });
  try {
    const user = randomBytes(16).toString('hex');
    const db = userDbName(user);
    const call = adminCallOverHttp(server.dbUrl);
    await provisionDatabase(call, db);
    const member = (await testTokens.signAccess(user, ['member'], 3600)).token;
    const admin = (await testTokens.signAccess('benchpushadmin00000000000000000a', ['member', 'admin'], 3600)).token;
    const device = new FakeDevice(push.origin, 'bench');
    const sub = await fetch(`${server.url}/api/push/subscriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member}`, 'content-type': 'application/json' },
      body: JSON.stringify(device.subscription()),
    });
    if (sub.status !== 201) throw new Error(`subscribe answered ${sub.status}: ${await sub.text()}`);

    const samples: number[] = [];
    for (let i = 0; i < COUNT; i++) {
      const id = randomBytes(16).toString('hex');
      const doc = {
        _id: `submission:${id}`, type: 'submission', id, formid: 'bench-form', userid: user, data: { Name: 'Bench Member' },
        createdat: new Date().toISOString(), status: 'pending', form: { title: 'Bench Package', formtype: 'package', targetid: 'bench' },
      };
      for (const target of [db, 'submissions']) {
        const put = await call('PUT', `/${target}/${encodeURIComponent(doc._id)}`, doc);
        if (put.status !== 201) throw new Error(`seeding ${target} answered ${put.status}`);
      }
      const arrived = push.arrived(device.path, i + 1);
      const started = performance.now();
      const res = await fetch(`${server.url}/api/functions/form-status-notification`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ submissionId: id, status: 'completed' }),
      });
      if (res.status !== 200) throw new Error(`status change answered ${res.status}: ${await res.text()}`);
      await Promise.race([arrived, new Promise((_, reject) => setTimeout(() => reject(new Error('no push within 10 s')), 10_000).unref())]);
      samples.push(performance.now() - started);
    }
    const last = push.requests.at(-1);
    if (!last || (device.decrypt(last.body) as { body?: string }).body?.includes('Bench Package') !== true) throw new Error('the push did not decrypt to the status change');
    const s = stats(samples);
    report(`status change -> push at the service (n=${s.n})`, `p50 ${s.p50.toFixed(0)} ms p99 ${s.p99.toFixed(0)} ms`, 'p99 <= 1000 ms', s.p99 <= 1000);
  } finally {
    await server.stop();
    await push.close();
  }
}
