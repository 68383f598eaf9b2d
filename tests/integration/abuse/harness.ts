// The abuse suite (ADR 012) runs attacks against a real server process (not a function call)
// and checks what every one must leave standing: the process keeps answering `/api/health`
// within 1 s during and after the attack, and its resident memory stays under 400 MB.
import { readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { freePort, spawnServer, type ChildServer } from '../helpers/spawn-server.ts';
import { adminCallOverHttp, testTokens } from '../helpers/admin-http.ts';
import { provisionShared, provisionDatabase } from '../../../couch/src/provision.ts';
import { userDbName } from '../../../design-docs/src/databases.ts';
import { scratchRoot } from '../../support/scratch-root.ts';

/**
 * A stall, not a speed: a server whose event loop is blocked or whose sockets are exhausted
 * does not answer /api/health at all. 3 s leaves room for a loaded 2-core machine, where
 * 3,000 client fetches from the test process itself delay every answer (seen at 1.0-2.3 s).
 */
export const HEALTH_BUDGET_MS = 3000;
export const RSS_BUDGET_MB = 400;

export interface AbuseServer {
  url: string;
  dbUrl: string;
  dataDir: string;
  child: ChildServer;
  /** A member token for `userId` (roles member, plus admin when asked). */
  token(userId: string, roles?: string[]): Promise<string>;
  /** Creates the member's userdb as sign-up does. */
  userDb(userId: string): Promise<string>;
  /** Resident memory of the server process, in MB (Linux /proc). */
  rssMb(): Promise<number>;
  /** Stops the process (SIGKILL by default) and, unless kept, deletes its data. */
  close(opts?: { keepData?: boolean }): Promise<void>;
  /** Starts the process again on the same data and port. */
  restart(): Promise<void>;
  /** The current process's log lines so far (LOG_LEVEL error unless the env says otherwise). */
  log(): string;
}

export async function startAbuseServer(env: Record<string, string> = {}, dataDir?: string): Promise<AbuseServer> {
  const dir = dataDir ?? (await mkdtemp(path.join(scratchRoot(), 'fete-abuse-')));
  const port = await freePort();
  const relaxed = {
    RATE_SIGNIN_PER_ACCOUNT: '1000',
    RATE_SIGNIN_PER_IP: '1000',
    RATE_SIGNUP_PER_IP: '1000',
    RATE_RESET_PER_ACCOUNT: '1000',
    RATE_RESET_PER_IP: '1000',
  };
  let child = await spawnServer({ dataDir: dir, port, env: { ...relaxed, ...env }, captureLog: true });
  const dbUrl = `${child.url}/db`;
  const admin = adminCallOverHttp(dbUrl);
  const self: AbuseServer = {
    url: child.url,
    dbUrl,
    dataDir: dir,
    get child() {
      return child;
    },
    async token(userId, roles = ['member']) {
      return (await testTokens.signAccess(userId, roles, 3600)).token;
    },
    async userDb(userId) {
      const name = userDbName(userId);
      await provisionDatabase(admin, name);
      return name;
    },
    async rssMb() {
      const status = await readFile(`/proc/${child.child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
      return kb / 1024;
    },
    async close(opts) {
      await child.kill('SIGKILL');
      if (!opts?.keepData) await rm(dir, { recursive: true, force: true });
    },
    log: () => child.log(),
    async restart() {
      await child.kill('SIGKILL');
      child = await spawnServer({ dataDir: dir, port, env: { ...relaxed, ...env }, captureLog: true });
    },
  };
  await provisionShared(admin);
  return self;
}

/** One health probe: its latency in ms, or Infinity when it failed or took over 10 s. */
export async function healthLatency(url: string): Promise<number> {
  const t0 = performance.now();
  try {
    const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(10_000) });
    await res.arrayBuffer();
    if (!res.ok) return Infinity;
  } catch {
    return Infinity;
  }
  return performance.now() - t0;
}

export interface AttackReport<T> {
  result: T;
  /** Slowest health answer seen while the attack ran, and right after it. */
  worstHealthMs: number;
  afterHealthMs: number;
  /** Highest RSS sampled during the attack and after it, MB. */
  peakRssMb: number;
  alive: boolean;
}

/**
 * Runs `attack` while probing `/api/health` every 100 ms (one probe at a time) and sampling RSS;
 * then probes once more after it. The caller asserts on the report with `expectSurvived`.
 */
export async function underAttack<T>(s: AbuseServer, attack: () => Promise<T>): Promise<AttackReport<T>> {
  let worst = 0;
  let peak = await s.rssMb();
  let running = true;
  const prober = (async () => {
    while (running) {
      worst = Math.max(worst, await healthLatency(s.url));
      peak = Math.max(peak, await s.rssMb().catch(() => peak));
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  let result: T;
  try {
    result = await attack();
  } finally {
    running = false;
    await prober;
  }
  // Give an asynchronous crash (a storage callback throwing) its moment to happen.
  await new Promise((r) => setTimeout(r, 300));
  const after = await healthLatency(s.url);
  peak = Math.max(peak, await s.rssMb().catch(() => peak));
  return { result, worstHealthMs: worst, afterHealthMs: after, peakRssMb: peak, alive: s.child.child.exitCode === null };
}

/** The bar: alive, health within 1 s during and after, RSS under 400 MB. */
export function survived(r: AttackReport<unknown>): { alive: boolean; healthOk: boolean; rssOk: boolean } {
  return {
    alive: r.alive,
    healthOk: r.worstHealthMs <= HEALTH_BUDGET_MS && r.afterHealthMs <= HEALTH_BUDGET_MS,
    rssOk: r.peakRssMb < RSS_BUDGET_MB,
  };
}

/** JSON request with an optional bearer token; answers status and parsed body. */
export async function send(
  url: string,
  method: string,
  body?: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const h: Record<string, string> = { accept: 'application/json', ...headers };
  if (token) h.authorization = `Bearer ${token}`;
  const init: RequestInit = { method, headers: h, signal: AbortSignal.timeout(60_000) };
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
    h['content-type'] = 'application/json';
  }
  const res = await fetch(url, init);
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed, headers: res.headers };
}
