// Account flows over real HTTP for the integration tests: sign-up, sign-in, cookies, and the
// outbox the mailer writes when no SMTP_URL is set.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export const REFRESH_COOKIE = 'fete_refresh';

export interface JsonAnswer<T = Record<string, any>> {
  status: number;
  body: T;
  headers: Headers;
  /**
   * `fete_refresh=...` (`__Host-fete_refresh=...` from a server whose PUBLIC_URL is https) when the
   * answer set the refresh cookie (empty value when it cleared it).
   */
  cookie: string | undefined;
}

export function uniqueEmail(prefix = 'member'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.org`;
}

export function cookieFrom(headers: Headers): string | undefined {
  for (const line of headers.getSetCookie()) {
    const m = new RegExp(`^((?:__Host-)?${REFRESH_COOKIE})=([^;]*)`).exec(line);
    if (m) return `${m[1]}=${m[2]}`;
  }
  return undefined;
}

export async function postJson<T = Record<string, any>>(
  baseUrl: string,
  pathname: string,
  body?: unknown,
  opts: { token?: string; cookie?: string; headers?: Record<string, string>; raw?: string } = {},
): Promise<JsonAnswer<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (body !== undefined || opts.raw !== undefined) headers['content-type'] ??= 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.cookie) headers.cookie = opts.cookie;
  const res = await fetch(baseUrl + pathname, {
    method: 'POST',
    headers,
    body: opts.raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: the test sees the text
  }
  return { status: res.status, body: parsed as T, headers: res.headers, cookie: cookieFrom(res.headers) };
}

export interface SignupInput {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  territory: string;
  locality: string;
}

export function signupBody(overrides: Partial<SignupInput> = {}): SignupInput {
  return {
    email: uniqueEmail(),
    password: 'secret-pass',
    first_name: 'Keisha',
    last_name: 'Baptiste',
    territory: 'Trinidad and Tobago',
    locality: 'Port of Spain',
    ...overrides,
  };
}

export interface SignedIn extends JsonAnswer {
  token: string;
  userId: string;
  email: string;
  password: string;
}

/** Signs a new member up; throws unless the answer is 201. */
export async function signUp(baseUrl: string, overrides: Partial<SignupInput> = {}, headers?: Record<string, string>): Promise<SignedIn> {
  const input = signupBody(overrides);
  const res = await postJson(baseUrl, '/api/auth/signup', input, { headers });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { ...res, token: res.body.access_token, userId: res.body.user.id, email: input.email, password: input.password };
}

export async function signIn(baseUrl: string, email: string, password: string, headers?: Record<string, string>): Promise<JsonAnswer & { token?: string }> {
  const res = await postJson(baseUrl, '/api/auth/signin', { email, password }, { headers });
  return { ...res, token: res.status === 200 ? res.body.access_token : undefined };
}

export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const soft = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i] as string;
    const hex = soft.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function parseEml(file: string, raw: string): OutboxMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  let body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'quoted-printable') body = decodeQuotedPrintable(body);
  else if (encoding === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { file, to: header('To'), subject: header('Subject'), text: body };
}

export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  const dir = path.join(dataDir, 'outbox');
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(names.map(async (n) => parseEml(n, await readFile(path.join(dir, n), 'utf8'))));
}

/** Waits for a mail to this address (the reset mail is sent after the answer). */
export async function waitForMail(dataDir: string, to: string, opts: { timeoutMs?: number; after?: number } = {}): Promise<OutboxMail> {
  const deadline = Date.now() + (opts.timeoutMs ?? 5000);
  for (;;) {
    const mails = (await readOutbox(dataDir)).filter((m) => m.to.toLowerCase().includes(to.toLowerCase()));
    const found = mails[opts.after ?? 0];
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} in ${dataDir}/outbox`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export function resetTokenFrom(mail: OutboxMail): string {
  const m = /\/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail.text);
  if (!m) throw new Error(`no reset link in: ${mail.text}`);
  return decodeURIComponent(m[1] as string);
}
