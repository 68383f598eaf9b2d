// ADR 014: a member wrote `members/_local/worker-ratings {"seq":999999999}`, and after
// a restart new ratings were never counted. Worker checkpoints now live in `accounts`, where no
// client reaches, and no client writes `_local` documents into a shared database at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBand, makeRating } from '../../fixtures/index.ts';
import { testTokens } from '../helpers/admin-http.ts';
import { send, startAbuseServer, type AbuseServer } from './harness.ts';

const MEMBER = 'e1000000000000000000000000000001';
let s: AbuseServer;
let token: string;

beforeAll(async () => {
  s = await startAbuseServer();
  token = await s.token(MEMBER);
});
afterAll(async () => {
  await s?.close();
});

async function totalRatings(bandId: string): Promise<number> {
  const band = await send(`${s.dbUrl}/catalog/${encodeURIComponent(bandId)}`, 'GET');
  return Number(band.body.total_ratings ?? 0);
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('worker checkpoints', () => {
  it('refuses a member\'s _local document in every shared database, by PUT or in a batch', async () => {
    for (const db of ['members', 'chat', 'catalog']) {
      const put = await send(`${s.dbUrl}/${db}/_local/worker-ratings`, 'PUT', { seq: 999999999, failures: {} }, token);
      expect(put.status, db).toBe(403);
      const bulk = await send(`${s.dbUrl}/${db}/_bulk_docs`, 'POST', { docs: [{ _id: '_local/worker-ratings', seq: 999999999 }] }, token);
      expect(bulk.status, db).toBe(403);
    }
    // Their own database keeps working as before.
    const own = await s.userDb(MEMBER);
    expect((await send(`${s.dbUrl}/${own}/_local/checkpoint`, 'PUT', { last_seq: 3 }, token)).status).toBe(201);
  });

  it('keeps counting ratings after a restart, whatever sits in members/_local', async () => {
    const admin = await s.token('admin-e', ['member', 'admin']);
    const band = makeBand({ total_ratings: 0, rating: 0, updated_by: 'admin-e', updated_at: new Date().toISOString() });
    expect((await send(`${s.dbUrl}/catalog/${encodeURIComponent(band._id)}`, 'PUT', band, admin)).status).toBe(201);
    // What the old code read as its checkpoint, planted the way the finding's member did.
    const server = await testTokens.serverToken();
    const url = `${s.dbUrl}/members/_local/worker-ratings`;
    const old = await send(url, 'GET', undefined, server);
    const planted = await send(url, 'PUT', { ...(old.status === 200 ? { _rev: old.body._rev } : {}), seq: 999999999, failures: {} }, server);
    expect(planted.status).toBe(201);
    await s.restart();

    const bandId = band._id.slice('band:'.length);
    const rating = makeRating({ user_id: MEMBER, target_type: 'band', target_id: bandId, rating: 5 });
    const put = await send(`${s.dbUrl}/members/${encodeURIComponent(rating._id)}`, 'PUT', rating, await s.token(MEMBER));
    expect(put.status).toBe(201);
    await until(async () => (await totalRatings(band._id)) === 1, 'the rating counted');
  });
});
