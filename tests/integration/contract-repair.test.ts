// ADR 036: stricter rules strand nobody. Data written under the old, looser rules is
// brought to the contract at start-up: unknown fields dropped, optional values that no longer fit
// cleared, stamps dated ahead of the clock set to the repair's time (a message so dated is
// deleted, ADR 054), each userdb given the new validator; what else cannot be repaired is counted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.ts';
import { userDbName } from '../../design-docs/src/databases.ts';
import { DESIGN_VERSION, designDocFor } from '../../design-docs/src/design-docs.ts';
import { repairToContract } from '../../sync-server/src/backend/contract-repair.ts';
import { messageId } from '../../design-docs/src/ids.ts';
import * as F from '../unit/validate-support.ts';

type Doc = Record<string, unknown>;

let s: TestServer;
const MEMBER = 'u1';
const USERDB = userDbName(MEMBER);

beforeAll(async () => {
  s = await startTestServer();
  await s.createUserDb(MEMBER);
  expect(await s.server.contractRepair).not.toBeUndefined();
});
afterAll(async () => {
  await s?.close();
});

const call = (method: string, path: string, body?: unknown) => s.server.ctx.adminCall(method, path, body);

/** Writes as the old rules allowed: with the database's validator set aside for the moment. */
async function writeUnderOldRules(db: string, docs: Doc[]): Promise<void> {
  const ddoc = (await call('GET', `/${db}/_design/fete`)).body as Doc;
  expect((await call('DELETE', `/${db}/_design/fete?rev=${String(ddoc._rev)}`)).status).toBe(200);
  for (const doc of docs) expect((await call('PUT', `/${db}/${encodeURIComponent(String(doc._id))}`, doc)).status).toBe(201);
  // The database as an older version left it: an old validator and no mark of this version.
  expect((await call('PUT', `/${db}/_design/fete`, { version: DESIGN_VERSION - 1, validate_doc_update: 'function (newDoc) {}' })).status).toBe(201);
  const mark = await call('GET', `/${db}/_local/fete-contract`);
  if (mark.status === 200) await call('DELETE', `/${db}/_local/fete-contract?rev=${String((mark.body as Doc)._rev)}`);
}

const get = async (db: string, id: string) => (await call('GET', `/${db}/${encodeURIComponent(id)}`)).body as Doc;

describe('the start-up pass over data from older rules', () => {
  it('repairs what it safely can, counts the rest, and gives every database the new validator', async () => {
    const padded = Object.fromEntries(Array.from({ length: 3 }, (_, i) => [`pad${i}`, 'x'.repeat(100)]));
    await writeUnderOldRules('catalog', [
      F.event({ _id: 'event:old1', ...padded }),
      F.event({ _id: 'event:old2', category: 'Rave' }),
      F.event({ _id: 'event:old3', date: 'next Tuesday' }),
      F.restaurant({ _id: 'restaurant:old4', menu_items: [{ id: 'm1', name: 'Doubles', price: 2, active: true, spicy: 'very' }] }),
    ]);
    await writeUnderOldRules(USERDB, [
      // What the form-status route wrote before: a `text` beside the message.
      F.notification({ _id: 'notification:old5', text: 'your form submission for Book Carnival Gold has been processed' }),
    ]);

    const report = await repairToContract(s.server.ctx.adminCall);
    expect(report.repaired).toEqual({ event: 2, restaurant: 1, notification: 1 });
    expect(report.unrepairable).toEqual({ 'event: date must be a date (YYYY-MM-DD)': 1 });

    const old1 = await get('catalog', 'event:old1');
    expect(Object.keys(old1).filter((k) => k.startsWith('pad'))).toEqual([]);
    expect(old1).toMatchObject({ title: 'Soca Sunrise', location: 'Queen’s Park Savannah' });
    expect(await get('catalog', 'event:old2')).not.toHaveProperty('category');
    expect(await get('catalog', 'restaurant:old4')).toMatchObject({ menu_items: [{ id: 'm1', name: 'Doubles', price: 2, active: true }] });
    expect((await get('catalog', 'restaurant:old4')).menu_items).toEqual([{ id: 'm1', name: 'Doubles', price: 2, active: true }]);
    // Not repairable, so left as it was for an admin to see.
    expect(await get('catalog', 'event:old3')).toMatchObject({ date: 'next Tuesday' });

    // The member's userdb has this version's validator again, and its notification is theirs to mark seen.
    expect(await get(USERDB, '_design/fete')).toMatchObject({ version: DESIGN_VERSION, validate_doc_update: designDocFor(USERDB).validate_doc_update });
    const note = await get(USERDB, 'notification:old5');
    expect(note).not.toHaveProperty('text');
    const token = await s.token(MEMBER, ['member']);
    const seen = await fetch(`${s.dbUrl}/${USERDB}/notification:old5`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ ...note, seen: true }),
    });
    expect(seen.status).toBe(201);
  });

  it('sets a stamp dated ahead of the clock to the time of the repair, and deletes a message so dated (ADR 054)', async () => {
    const far = '2099-01-01T00:00:00.000Z';
    const soon = new Date(Date.now() + 60_000).toISOString();
    const real = F.chatMessage({ _id: messageId('2026-01-01T10:00:00.000Z', 'real1'), created_at: '2026-01-01T10:00:00.000Z' });
    await writeUnderOldRules('chat', [F.chatMessage({ _id: messageId(far, 'spam1'), created_at: far }), real]);
    await writeUnderOldRules('catalog', [F.event({ _id: 'event:ahead1', organizer_id: 'u1', created_at: far, updated_at: soon })]);
    await writeUnderOldRules('submissions', [F.submission({ createdat: far, updatedat: far })]);
    await writeUnderOldRules(USERDB, [
      F.privateMessage({ _id: messageId(far, 'spam2'), created_at: far }),
      F.submission({ createdat: far }),
      F.settings({ receipts_checked_at: far, updated_at: far }),
    ]);
    const before = Date.now();
    const report = await repairToContract(s.server.ctx.adminCall);
    const after = Date.now();
    // The event the first case left unrepairable is counted again; nothing dated ahead is.
    expect(report.unrepairable).toEqual({ 'event: date must be a date (YYYY-MM-DD)': 1 });
    expect(report.deleted).toEqual({ chat: 1, userdb: 1 });
    expect(report.repaired).toEqual({ event: 1, submission: 2, settings: 1 });

    const repairedAt = (v: unknown) => {
      const t = Date.parse(String(v));
      return t >= before - 1000 && t <= after;
    };
    const event = await get('catalog', 'event:ahead1');
    expect(repairedAt(event.created_at), String(event.created_at)).toBe(true);
    // Within the bound: left as written.
    expect(event.updated_at).toBe(soon);
    const sub = await get('submissions', String(F.submission()._id));
    expect([repairedAt(sub.createdat), repairedAt(sub.updatedat)]).toEqual([true, true]);
    expect(repairedAt((await get(USERDB, String(F.submission()._id))).createdat)).toBe(true);
    const settings = await get(USERDB, 'settings:main');
    expect([repairedAt(settings.receipts_checked_at), repairedAt(settings.updated_at)]).toEqual([true, true]);
    // The messages dated ahead are gone, from Public Chat and from the member's own copy; the real one stays.
    expect((await call('GET', `/chat/${encodeURIComponent(messageId(far, 'spam1'))}`)).status).toBe(404);
    expect((await call('GET', `/${USERDB}/${encodeURIComponent(messageId(far, 'spam2'))}`)).status).toBe(404);
    expect(await get('chat', String(real._id))).toMatchObject({ content: real.content });
  });

  it('runs once per design version, and a database made under this version is born meeting it: a second pass has nothing to do', async () => {
    const fresh = await s.createUserDb('u9');
    expect((await call('PUT', `/${fresh}/like:event:e1`, F.like())).status).toBe(201);
    const again = await repairToContract(s.server.ctx.adminCall);
    expect(again).toEqual({ databases: 0, checked: 0, repaired: {}, unrepairable: {} });
  });
});
