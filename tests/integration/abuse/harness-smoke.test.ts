import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, startAbuseServer, survived, underAttack, type AbuseServer } from './harness.ts';

let s: AbuseServer;
beforeAll(async () => {
  s = await startAbuseServer();
});
afterAll(async () => {
  await s?.close();
});

describe('harness', () => {
  it('probes health and RSS while a harmless request runs', async () => {
    const r = await underAttack(s, () => send(`${s.dbUrl}/catalog/_all_docs`, 'GET'));
    expect(r.result.status).toBe(200);
    expect(survived(r)).toEqual({ alive: true, healthOk: true, rssOk: true });
  });
});
