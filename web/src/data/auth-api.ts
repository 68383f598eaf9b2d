// The /api/auth calls. The refresh token never reaches this code: it is an httpOnly cookie
// scoped to /api/auth, so every call here sends credentials and reads only the access token.
import type { StorageLike } from './storage.ts';

export interface AuthUser {
  id: string;
  email?: string;
  role?: 'member' | 'admin';
  is_admin?: boolean;
  first_name?: string;
  last_name?: string;
  membership_type?: string;
  membership_expires_at?: string | null;
  [field: string]: unknown;
}

/** "Your membership will expire in N days." with its detail line. */
export interface MembershipWarning {
  days_left: number;
  message: string;
  detail: string;
}

export interface AuthGrant {
  access_token: string;
  /** Seconds since the epoch, in the server's clock. */
  expires_at: number;
  user: AuthUser;
  warning?: MembershipWarning;
}

export interface SignUpInput {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  territory: string;
  locality: string;
}

export class AuthError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'AuthError';
    this.status = status;
    this.code = code;
  }
  /** Worth another try: the network or a gateway failed, not the credentials. */
  get retryable(): boolean {
    return this.status === 0 || this.status === 502 || this.status === 503 || this.status === 504;
  }
}

export interface AuthApi {
  signIn(email: string, password: string): Promise<AuthGrant>;
  /** Creates the account and, as the server answers with a session, signs in. */
  signUp(input: SignUpInput): Promise<AuthGrant>;
  refresh(): Promise<AuthGrant>;
  /** `endpoint`: this device's push subscription, which the server forgets with the session. */
  signOut(endpoint?: string | null): Promise<void>;
  /** Never says whether the account exists. */
  requestReset(email: string): Promise<void>;
  resetPassword(token: string, password: string): Promise<void>;
  /** Needs the bearer token: pass the auth fetch. Other sessions of the member end. */
  /** `endpoint`: this device's push subscription, kept while every other device's goes. */
  changePassword(currentPassword: string, password: string, withBearer: typeof fetch, endpoint?: string | null): Promise<void>;
}

/** The header naming a refresh attempt (sync-server/src/auth/session-routes.ts). */
export const REFRESH_ATTEMPT_HEADER = 'x-refresh-attempt';

function newAttemptId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface AuthApiOptions {
  origin: string;
  fetch: typeof fetch;
  /**
   * Where the id of a refresh still waiting for its answer is kept (localStorage). A signal that
   * drops after the server rotated the token loses the new cookie; the next refresh sends the
   * same id, and the server knows it is this app retrying, not a copied cookie.
   */
  storage?: StorageLike | null;
  attemptKey?: string;
}

export function createAuthApi(opts: AuthApiOptions): AuthApi {
  const base = `${opts.origin.replace(/\/+$/, '')}/api/auth`;
  const attemptKey = opts.attemptKey ?? 'fete-refresh-attempt';

  function attemptId(): string {
    try {
      const kept = opts.storage?.getItem(attemptKey);
      if (kept && /^[0-9a-f]{32}$/.test(kept)) return kept;
      const id = newAttemptId();
      opts.storage?.setItem(attemptKey, id);
      return id;
    } catch {
      return newAttemptId();
    }
  }

  function endAttempt(): void {
    try {
      opts.storage?.removeItem(attemptKey);
    } catch {
      // nothing kept, nothing to end
    }
  }

  async function call(path: string, body?: unknown, send: typeof fetch = opts.fetch, extra: Record<string, string> = {}): Promise<unknown> {
    let res: Response;
    try {
      res = await send(`${base}/${path}`, {
        method: 'POST',
        credentials: 'include',
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...extra },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (err) {
      throw new AuthError(0, 'network', err instanceof Error ? err.message : 'The server could not be reached');
    }
    const data = await res.json().catch(() => null) as Record<string, unknown> | null;
    if (!res.ok) {
      const code = typeof data?.error === 'string' ? data.error : 'http_' + res.status;
      const message = typeof data?.message === 'string' ? data.message : code;
      throw new AuthError(res.status, code, message);
    }
    return data;
  }

  function grant(data: unknown): AuthGrant {
    const g = data as Partial<AuthGrant> | null;
    if (!g || typeof g.access_token !== 'string' || typeof g.expires_at !== 'number' || typeof g.user?.id !== 'string') {
      throw new AuthError(500, 'bad_response', 'The server answered sign-in without a session');
    }
    return g as AuthGrant;
  }

  return {
    async signIn(email, password) {
      return grant(await call('signin', { email, password }));
    },
    async signUp(input) {
      return grant(await call('signup', input));
    },
    async refresh() {
      try {
        const answer = grant(await call('refresh', undefined, opts.fetch, { [REFRESH_ATTEMPT_HEADER]: attemptId() }));
        endAttempt();
        return answer;
      } catch (err) {
        // An answer came (a refusal): that attempt is over. No answer: the next one retries it.
        if (err instanceof AuthError && err.status > 0 && err.status < 500) endAttempt();
        throw err;
      }
    },
    async signOut(endpoint) {
      await call('signout', endpoint ? { endpoint } : undefined);
    },
    async requestReset(email) {
      await call('reset-request', { email });
    },
    async resetPassword(token, password) {
      await call('reset', { token, password });
    },
    async changePassword(currentPassword, password, withBearer, endpoint) {
      await call('password', { current_password: currentPassword, password, ...(endpoint ? { endpoint } : {}) }, withBearer);
    },
  };
}
