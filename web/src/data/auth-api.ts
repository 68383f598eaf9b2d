// The /api/auth calls. The refresh token never reaches this code: it is an httpOnly cookie
// scoped to /api/auth, so every call here sends credentials and reads only the access token.

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
  signOut(): Promise<void>;
  /** Never says whether the account exists. */
  requestReset(email: string): Promise<void>;
  resetPassword(token: string, password: string): Promise<void>;
  /** Needs the bearer token: pass the auth fetch. Other sessions of the member end. */
  changePassword(currentPassword: string, password: string, withBearer: typeof fetch): Promise<void>;
}

export function createAuthApi(opts: { origin: string; fetch: typeof fetch }): AuthApi {
  const base = `${opts.origin.replace(/\/+$/, '')}/api/auth`;

  async function call(path: string, body?: unknown, send: typeof fetch = opts.fetch): Promise<unknown> {
    let res: Response;
    try {
      res = await send(`${base}/${path}`, {
        method: 'POST',
        credentials: 'include',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
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
      return grant(await call('refresh'));
    },
    async signOut() {
      await call('signout');
    },
    async requestReset(email) {
      await call('reset-request', { email });
    },
    async resetPassword(token, password) {
      await call('reset', { token, password });
    },
    async changePassword(currentPassword, password, withBearer) {
      await call('password', { current_password: currentPassword, password }, withBearer);
    },
  };
}
