import { describe, expect, it } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { createTokenService, loadSecret, TokenError } from '../../sync-server/src/auth/tokens.ts';

const secret = new TextEncoder().encode('unit-secret-unit-secret-unit-secret-unit');

describe('access tokens', () => {
  it('carry what CouchDB jwt_auth reads', async () => {
    const svc = createTokenService(secret, 'fete', 900);
    const { token, expires_at } = await svc.signAccess('u1', ['member', 'admin']);
    const claims = decodeJwt(token);
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'HS256', kid: 'fete' });
    expect(claims).toMatchObject({ sub: 'u1', iss: 'fete', _couchdb: { roles: ['member', 'admin'] } });
    expect(claims.exp).toBe(expires_at);
    expect((claims.exp as number) - (claims.iat as number)).toBe(900);
    expect(await svc.verify(token)).toEqual({ name: 'u1', roles: ['member', 'admin'] });
  });

  it('are refused when expired, with code expired', async () => {
    const svc = createTokenService(secret, 'fete', 900);
    const { token } = await svc.signAccess('u1', ['member'], -5);
    await expect(svc.verify(token)).rejects.toMatchObject({ code: 'expired' });
  });

  it('are refused under another key or kid', async () => {
    const other = createTokenService(new TextEncoder().encode('x'.repeat(40)), 'fete', 900);
    const { token } = await other.signAccess('u1', ['member']);
    await expect(createTokenService(secret, 'fete', 900).verify(token)).rejects.toBeInstanceOf(TokenError);
    const otherKid = createTokenService(secret, 'k2', 900);
    await expect(createTokenService(secret, 'fete', 900).verify((await otherKid.signAccess('u1', [])).token)).rejects.toMatchObject({ code: 'invalid' });
  });

  it('keeps a generated secret in DATA_DIR across restarts', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'fete-secret-'));
    try {
      const a = await loadSecret(dir, undefined);
      const b = await loadSecret(dir, undefined);
      expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
      expect((await readFile(path.join(dir, 'jwt-secret'), 'utf8')).trim().length).toBeGreaterThan(32);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
