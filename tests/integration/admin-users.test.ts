// `/api/admin/users` (ADR 026): list and search members, make or unmake an admin,
// extend or end a membership, assign a restaurant, delete an account. Admins only: 401
// without a token, 403 for members, and an admin never acts on their own role or account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { startTestServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { signIn, signUp } from './helpers/accounts.ts';
import type { SignedIn } from './helpers/accounts.ts';
import { makeRestaurant } from '../fixtures/index.ts';
import {
  NEVER_EXPIRES_MESSAGE, RESTAURANT_NOT_FOUND_MESSAGE, SELF_DELETE_MESSAGE, SELF_END_MEMBERSHIP_MESSAGE, SELF_ROLE_MESSAGE,
} from '../../design-docs/src/schemas/api.ts';

let ts: TestServer;
let adminToken: string;
let memberToken: string;
const ADMIN_ID = 'ad000000000000000000000000000001';

beforeAll(async () => {
  ts = await startTestServer({ WORKERS: 'false' });
  adminToken = await ts.token(ADMIN_ID, ['member', 'admin']);
  memberToken = await ts.token('ae000000000000000000000000000002', ['member']);
});
afterAll(async () => {
  await ts?.close();
});

const server = (method: string, path: string, body?: unknown) => ts.server.ctx.adminCall(method, path, body);
const account = async (id: string) => (await server('GET', `/accounts/account:${id}`)).body as Record<string, any>;
const profile = async (id: string) => (await server('GET', `/members/profile:${id}`)).body as Record<string, any>;
const restaurant = async (id: string) => (await server('GET', `/catalog/${encodeURIComponent(`restaurant:${id}`)}`)).body as Record<string, any>;

async function call(method: string, path: string, token: string | null, body?: unknown) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${ts.url}/api/admin${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

async function putRestaurant(): Promise<{ id: string }> {
  const doc = makeRestaurant({ owner_id: null, name: `Roti ${randomBytes(3).toString('hex')}` }) as Record<string, any>;
  expect((await server('PUT', `/catalog/${encodeURIComponent(doc._id)}`, doc)).status).toBe(201);
  return { id: String(doc._id).slice('restaurant:'.length) };
}

const tag = () => `Zq${randomBytes(4).toString('hex')}`;

describe('who may call', () => {
  it('every endpoint: 401 without a token, 403 for a member, and nothing changes', async () => {
    const m = await signUp(ts.url);
    const r = await putRestaurant();
    const calls: [string, string, unknown?][] = [
      ['GET', '/users'],
      ['GET', `/users/${m.userId}`],
      ['POST', `/users/${m.userId}/role`, { role: 'admin' }],
      ['POST', `/users/${m.userId}/membership`, { action: 'end' }],
      ['POST', `/users/${m.userId}/restaurant`, { restaurant_id: r.id }],
      ['DELETE', `/users/${m.userId}`],
    ];
    for (const [method, path, body] of calls) {
      const visitor = await call(method, path, null, body);
      expect(visitor.status, `${method} ${path} as visitor`).toBe(401);
      expect(visitor.body.error).toBe('unauthorized');
      expect(typeof visitor.body.message).toBe('string');
      const member = await call(method, path, memberToken, body);
      expect(member.status, `${method} ${path} as member`).toBe(403);
      expect(member.body).toMatchObject({ error: 'forbidden', message: 'Only admins can manage users' });
      // The member themselves may not either.
      expect((await call(method, path, m.token, body)).status).toBe(403);
    }
    const a = await account(m.userId);
    expect(a.role).toBe('member');
    expect(Date.parse(a.membership_expires_at)).toBeGreaterThan(Date.now() + 300 * 86_400_000);
    expect((await restaurant(r.id)).owner_id ?? null).toBeNull();
  });
});

describe('list and search', () => {
  it('finds members by name or e-mail, case-insensitively, a page at a time', async () => {
    const t = tag();
    const a = await signUp(ts.url, { first_name: 'Alana', last_name: t });
    const b = await signUp(ts.url, { first_name: 'Brent', last_name: t });
    const c = await signUp(ts.url, { first_name: 'Carla', last_name: t });

    const byName = await call('GET', `/users?q=${t.toUpperCase()}`, adminToken);
    expect(byName.status).toBe(200);
    expect(byName.body.total).toBe(3);
    expect(byName.body.users.map((u: any) => u.id)).toEqual([a.userId, b.userId, c.userId]);
    expect(byName.body.users[0]).toMatchObject({ first_name: 'Alana', last_name: t, email: a.email, role: 'member', membership_type: 'gold' });
    expect(typeof byName.body.users[0].membership_expires_at).toBe('string');
    expect(byName.body.users[0]).not.toHaveProperty('password_hash');

    const full = await call('GET', `/users?q=${encodeURIComponent(`brent ${t}`)}`, adminToken);
    expect(full.body.users.map((u: any) => u.id)).toEqual([b.userId]);
    const byEmail = await call('GET', `/users?q=${encodeURIComponent(c.email.toUpperCase())}`, adminToken);
    expect(byEmail.body.users.map((u: any) => u.id)).toEqual([c.userId]);

    const page2 = await call('GET', `/users?q=${t}&per_page=2&page=2`, adminToken);
    expect(page2.body).toMatchObject({ total: 3, page: 2, per_page: 2 });
    expect(page2.body.users.map((u: any) => u.id)).toEqual([c.userId]);

    const none = await call('GET', '/users?q=nobody-is-called-this', adminToken);
    expect(none.body).toMatchObject({ users: [], total: 0 });
  });

  it('a renamed member is found by the profile name', async () => {
    const m = await signUp(ts.url);
    const t = tag();
    const p = await profile(m.userId);
    expect((await server('PUT', `/members/profile:${m.userId}`, { ...p, first_name: t })).status).toBe(201);
    const found = await call('GET', `/users?q=${t}`, adminToken);
    expect(found.body.users.map((u: any) => u.id)).toEqual([m.userId]);
  });

  it('is bounded: at most 100 per page, a search of at most 200 characters', async () => {
    const big = await call('GET', '/users?per_page=101', adminToken);
    expect(big.status).toBe(400);
    expect(big.body).toMatchObject({ error: 'validation_error', message: 'At most 100 users per page' });
    expect((await call('GET', `/users?q=${'x'.repeat(201)}`, adminToken)).status).toBe(400);
    expect((await call('GET', '/users?page=0', adminToken)).status).toBe(400);
    expect((await call('GET', '/users?per_page=100', adminToken)).status).toBe(200);
  });
});

describe('admin role', () => {
  it('makes and unmakes an admin; the old token ends and a new one carries the role', async () => {
    const m = await signUp(ts.url);
    const made = await call('POST', `/users/${m.userId}/role`, adminToken, { role: 'admin' });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ id: m.userId, role: 'admin' });
    expect((await account(m.userId)).role).toBe('admin');
    expect((await profile(m.userId)).role).toBe('admin');
    // The member token issued before the change is refused at once.
    expect((await call('GET', '/users', m.token)).status).toBe(401);

    const again = await signIn(ts.url, m.email, m.password);
    expect(again.status).toBe(200);
    expect(again.body.user.is_admin).toBe(true);
    expect((await call('GET', '/users', again.token as string)).status).toBe(200);

    const unmade = await call('POST', `/users/${m.userId}/role`, adminToken, { role: 'member' });
    expect(unmade.status).toBe(200);
    expect((await account(m.userId)).role).toBe('member');
    expect((await profile(m.userId)).role).toBe('member');
    // The admin token they held a moment ago no longer works.
    expect((await call('GET', '/users', again.token as string)).status).toBe(401);
    const third = await signIn(ts.url, m.email, m.password);
    expect(third.body.user.is_admin).toBe(false);
    expect((await call('GET', '/users', third.token as string)).status).toBe(403);
  });

  it('refuses to change the caller\'s own role, and a bad body or unknown user', async () => {
    const self = await call('POST', `/users/${ADMIN_ID}/role`, adminToken, { role: 'member' });
    expect(self.status).toBe(403);
    expect(self.body).toEqual({ error: 'self_change', message: SELF_ROLE_MESSAGE });
    expect((await call('POST', `/users/${ADMIN_ID}/role`, adminToken, { role: 'owner' })).status).toBe(400);
    const missing = await call('POST', '/users/ffff0000000000000000000000000000/role', adminToken, { role: 'admin' });
    expect(missing).toMatchObject({ status: 404, body: { error: 'not_found', message: 'User not found' } });
  });
});

describe('membership', () => {
  it('extends by 365 days from the expiry, or from today once expired', async () => {
    const m = await signUp(ts.url);
    const before = Date.parse((await account(m.userId)).membership_expires_at);
    const res = await call('POST', `/users/${m.userId}/membership`, adminToken, { action: 'extend' });
    expect(res.status).toBe(200);
    const after = Date.parse((await account(m.userId)).membership_expires_at);
    expect(after - before).toBe(365 * 86_400_000);
    expect(res.body.membership_expires_at).toBe(new Date(after).toISOString());
    expect((await profile(m.userId)).membership_expires_at).toBe(new Date(after).toISOString());
  });

  it('ends a membership now: the member is signed out and cannot sign in; extend lets them back', async () => {
    const m = await signUp(ts.url);
    const ended = await call('POST', `/users/${m.userId}/membership`, adminToken, { action: 'end' });
    expect(ended.status).toBe(200);
    expect(Date.parse(ended.body.membership_expires_at)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse((await profile(m.userId)).membership_expires_at)).toBeLessThanOrEqual(Date.now());
    const res = await fetch(`${ts.dbUrl}/members/profile:${m.userId}`, { headers: { authorization: `Bearer ${m.token}` } });
    expect(res.status).toBe(401);
    const refused = await signIn(ts.url, m.email, m.password);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('membership_expired');

    const extended = await call('POST', `/users/${m.userId}/membership`, adminToken, { action: 'extend' });
    expect(Date.parse(extended.body.membership_expires_at)).toBeGreaterThan(Date.now() + 364 * 86_400_000);
    expect((await signIn(ts.url, m.email, m.password)).status).toBe(200);
  });

  it('refuses ending one\'s own membership and extending one that never expires', async () => {
    const self = await call('POST', `/users/${ADMIN_ID}/membership`, adminToken, { action: 'end' });
    expect(self).toMatchObject({ status: 403, body: { message: SELF_END_MEMBERSHIP_MESSAGE } });
    const m = await signUp(ts.url);
    const a = await account(m.userId);
    await server('PUT', `/accounts/account:${m.userId}`, { ...a, membership_expires_at: null });
    const never = await call('POST', `/users/${m.userId}/membership`, adminToken, { action: 'extend' });
    expect(never).toMatchObject({ status: 409, body: { error: 'never_expires', message: NEVER_EXPIRES_MESSAGE } });
    expect((await call('POST', `/users/${m.userId}/membership`, adminToken, { action: 'renew' })).status).toBe(400);
  });
});

describe('restaurant owner', () => {
  it('assigns one restaurant to a member, moves it, and clears it', async () => {
    const m = await signUp(ts.url);
    const r1 = await putRestaurant();
    const r2 = await putRestaurant();
    const res = await call('POST', `/users/${m.userId}/restaurant`, adminToken, { restaurant_id: r1.id });
    expect(res).toMatchObject({ status: 200, body: { success: true, restaurant_id: r1.id } });
    expect(await restaurant(r1.id)).toMatchObject({ owner_id: m.userId, updated_by: ADMIN_ID });

    // A member owns one restaurant: assigning another releases the first.
    await call('POST', `/users/${m.userId}/restaurant`, adminToken, { restaurant_id: r2.id });
    expect((await restaurant(r2.id)).owner_id).toBe(m.userId);
    expect((await restaurant(r1.id)).owner_id).toBeNull();

    await call('POST', `/users/${m.userId}/restaurant`, adminToken, { restaurant_id: null });
    expect((await restaurant(r2.id)).owner_id).toBeNull();

    const missing = await call('POST', `/users/${m.userId}/restaurant`, adminToken, { restaurant_id: 'no-such-place' });
    expect(missing).toMatchObject({ status: 404, body: { message: RESTAURANT_NOT_FOUND_MESSAGE } });
  });

  it('the new owner may then edit their restaurant over /db', async () => {
    const m = await signUp(ts.url);
    const r = await putRestaurant();
    await call('POST', `/users/${m.userId}/restaurant`, adminToken, { restaurant_id: r.id });
    const doc = await restaurant(r.id);
    const res = await fetch(`${ts.dbUrl}/catalog/${encodeURIComponent(doc._id)}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
      // Who changed what (ADR 030): the owner's edit names the owner.
      body: JSON.stringify({ ...doc, description: 'Doubles every morning', updated_by: m.userId, updated_at: new Date().toISOString() }),
    });
    expect(res.status).toBe(201);
  });
});

describe('delete', () => {
  it('deletes a member through the delete path and releases their restaurant', async () => {
    const m: SignedIn = await signUp(ts.url);
    const r = await putRestaurant();
    await call('POST', `/users/${m.userId}/restaurant`, adminToken, { restaurant_id: r.id });
    const res = await call('DELETE', `/users/${m.userId}`, adminToken);
    expect(res).toMatchObject({ status: 200, body: { success: true } });
    expect((await server('GET', `/accounts/account:${m.userId}`)).status).toBe(404);
    expect((await server('GET', `/members/profile:${m.userId}`)).status).toBe(404);
    expect((await signIn(ts.url, m.email, m.password)).status).toBe(401);
    expect((await restaurant(r.id)).owner_id).toBeNull();
    expect((await call('DELETE', `/users/${m.userId}`, adminToken)).status).toBe(404);
  });

  it('never deletes the caller', async () => {
    const res = await call('DELETE', `/users/${ADMIN_ID}`, adminToken);
    expect(res).toEqual({ status: 403, body: { error: 'self_delete', message: SELF_DELETE_MESSAGE } });
  });
});
