// Access tokens: HS256 JWTs that Apache CouchDB's jwt_auth accepts as they are
// (`sub` is the user name, `_couchdb.roles` the roles, `kid` picks `[jwt_keys] hmac:{kid}`).
import { SignJWT, jwtVerify, errors } from 'jose';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { UserCtx } from '../../../design-docs/src/databases.ts';
import { ROLE_SERVER } from '../../../design-docs/src/databases.ts';

export const ISSUER = 'fete';

export class TokenError extends Error {
  readonly code: 'expired' | 'invalid' | 'revoked';
  constructor(code: 'expired' | 'invalid' | 'revoked', message: string) {
    super(message);
    this.code = code;
  }
}

export interface AccessToken {
  token: string;
  /** Seconds since the epoch. */
  expires_at: number;
}

export interface TokenService {
  readonly kid: string;
  /** The raw HMAC key, for CouchDB's `[jwt_keys] hmac:{kid}` (base64). */
  readonly secretBase64: string;
  /** `sid`: the refresh session the token belongs to, which sign-out revokes alone (ADR 056). */
  signAccess(sub: string, roles: string[], seconds?: number, sid?: string): Promise<AccessToken>;
  verify(token: string): Promise<UserCtx>;
  /** A short-lived `_admin` token for the server's own calls to the backend. */
  serverToken(): Promise<string>;
}

/** JWT_SECRET, or a secret generated once and kept in DATA_DIR so tokens survive restarts. */
export async function loadSecret(dataDir: string, fromEnv: string | undefined): Promise<Uint8Array> {
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const text = (await readFile(file, 'utf8')).trim();
    if (text.length >= 32) return new Uint8Array(Buffer.from(text, 'base64url'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const secret = randomBytes(48);
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, secret.toString('base64url') + '\n', { mode: 0o600 });
  return new Uint8Array(secret);
}

/** Says whether a user's token issued at `issuedMs`, of session `sid`, was revoked (auth/revocations.ts). */
export type RevocationCheck = (userId: string, issuedMs: number, sid: string | undefined) => boolean;

export function createTokenService(secret: Uint8Array, kid: string, accessSeconds: number, isRevoked?: RevocationCheck): TokenService {
  let cachedServer: AccessToken | null = null;

  async function signAccess(sub: string, roles: string[], seconds = accessSeconds, sid?: string): Promise<AccessToken> {
    const ims = Date.now();
    const now = Math.floor(ims / 1000);
    const exp = now + seconds;
    // Nested for `roles_claim_path = _couchdb.roles`, flat for CouchDB's default `roles_claim_name`.
    // `ims`: the issue time in milliseconds, which revocation compares (iat has whole seconds).
    // `sid`: Apache CouchDB's jwt_auth ignores claims it does not know; the gateway reads it.
    const token = await new SignJWT({ _couchdb: { roles }, '_couchdb.roles': roles, ims, ...(sid ? { sid } : {}) })
      .setProtectedHeader({ alg: 'HS256', kid, typ: 'JWT' })
      .setSubject(sub)
      .setIssuer(ISSUER)
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .sign(secret);
    return { token, expires_at: exp };
  }

  async function verify(token: string): Promise<UserCtx> {
    try {
      const { payload, protectedHeader } = await jwtVerify(token, secret, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'iat', 'sub'],
      });
      if (protectedHeader.kid !== kid) throw new TokenError('invalid', 'Unknown signing key');
      const claim = (payload as { _couchdb?: { roles?: unknown } })._couchdb;
      const roles = Array.isArray(claim?.roles) ? claim.roles.filter((r): r is string => typeof r === 'string') : [];
      const ims = typeof payload.ims === 'number' ? payload.ims : (payload.iat ?? 0) * 1000;
      const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
      if (payload.sub && isRevoked?.(payload.sub, ims, sid)) throw new TokenError('revoked', 'This session has ended; please sign in again');
      return { name: payload.sub ?? null, roles };
    } catch (err) {
      if (err instanceof TokenError) throw err;
      if (err instanceof errors.JWTExpired) throw new TokenError('expired', 'The access token has expired');
      throw new TokenError('invalid', 'The access token is not valid');
    }
  }

  async function serverToken(): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    if (!cachedServer || cachedServer.expires_at - now < 60) {
      cachedServer = await signAccess('fete-server', [ROLE_SERVER], 15 * 60);
    }
    return cachedServer.token;
  }

  return { kid, secretBase64: Buffer.from(secret).toString('base64'), signAccess, verify, serverToken };
}
