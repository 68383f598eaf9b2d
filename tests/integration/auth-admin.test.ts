// ADMIN_EMAIL / ADMIN_PASSWORD: the admin exists after start, is idempotent across restarts,
// follows a changed password, and promotes an existing member with that e-mail.
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../sync-server/src/config.ts';
import { startServer } from '../../sync-server/src/server.ts';
import type { FeteServer } from '../../sync-server/src/server.ts';
import { postJson, signIn, signUp } from './helpers/accounts.ts';
import { userDbName } from '../../design-docs/src/databases.ts';
import { couchEnv } from './helpers/couch-namespace.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

async function start(dataDir: string, env: Record<string, string>): Promise<FeteServer> {
  return startServer(
    loadConfig({
      PORT: '0',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      SERVE_WEB: 'false',
      WORKERS: 'false',
      LOG_LEVEL: process.env.FETE_TEST_LOG ?? 'error',
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      ...couchEnv(dataDir),
      ...env,
    }),
  );
}

async function tempDir() {
  const d = await mkdtemp(path.join(os.tmpdir(), 'fete-admin-'));
  dirs.push(d);
  return d;
}

async function accountIds(s: FeteServer): Promise<string[]> {
  const ans = await s.ctx.adminCall('GET', `/accounts/_all_docs?startkey=${encodeURIComponent('"account:"')}&endkey=${encodeURIComponent('"account:\ufff0"')}`);
  return (ans.body as { rows: { id: string }[] }).rows.map((r) => r.id);
}

describe('ADMIN_EMAIL bootstrap', () => {
  it('creates an admin who never expires, and is idempotent across a restart', async () => {
    const dataDir = await tempDir();
    const env = { ADMIN_EMAIL: 'Boss@Fete.Example', ADMIN_PASSWORD: 'admin-pass-1' };
    let s = await start(dataDir, env);
    let adminId: string;
    try {
      const res = await signIn(s.url, 'boss@fete.example', 'admin-pass-1');
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ role: 'admin', is_admin: true, membership_expires_at: null, email: 'boss@fete.example' });
      expect(res.body.warning).toBeUndefined();
      adminId = res.body.user.id;
      expect(await s.ctx.tokens.verify(res.token as string)).toEqual({ name: adminId, roles: ['member', 'admin'] });
      expect((await s.ctx.adminCall('GET', `/members/profile:${adminId}`)).body).toMatchObject({ role: 'admin', membership_expires_at: null });
      expect((await s.ctx.adminCall('GET', `/${userDbName(adminId)}`)).status).toBe(200);
      expect(await accountIds(s)).toEqual([`account:${adminId}`]);
    } finally {
      await s.close();
    }

    s = await start(dataDir, env);
    try {
      expect(await accountIds(s)).toEqual([`account:${adminId}`]);
      const again = await signIn(s.url, 'boss@fete.example', 'admin-pass-1');
      expect(again.status).toBe(200);
      expect(again.body.user.id).toBe(adminId);
    } finally {
      await s.close();
    }

    // A changed ADMIN_PASSWORD replaces the old one, and the old sessions end.
    s = await start(dataDir, { ...env, ADMIN_PASSWORD: 'admin-pass-2' });
    try {
      expect((await signIn(s.url, 'boss@fete.example', 'admin-pass-1')).status).toBe(401);
      const res = await signIn(s.url, 'boss@fete.example', 'admin-pass-2');
      expect(res.status).toBe(200);
      expect(res.body.user.id).toBe(adminId);
    } finally {
      await s.close();
    }
  });

  it('promotes an existing member with that e-mail and sets the password', async () => {
    const dataDir = await tempDir();
    let s = await start(dataDir, {});
    let member: Awaited<ReturnType<typeof signUp>>;
    try {
      member = await signUp(s.url);
    } finally {
      await s.close();
    }
    s = await start(dataDir, { ADMIN_EMAIL: member.email, ADMIN_PASSWORD: 'promoted-pw' });
    try {
      const res = await signIn(s.url, member.email, 'promoted-pw');
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ id: member.userId, role: 'admin', is_admin: true, membership_expires_at: null, first_name: 'Keisha' });
      expect((await s.ctx.adminCall('GET', `/members/profile:${member.userId}`)).body).toMatchObject({ role: 'admin', first_name: 'Keisha' });
      // The old session was made with the old password.
      expect((await postJson(s.url, '/api/auth/refresh', undefined, { cookie: member.cookie })).status).toBe(401);
    } finally {
      await s.close();
    }
  });
});
