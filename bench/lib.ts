// Shared bench helpers: a server in a child process (so its RSS is its own), tokens, stats.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort, spawnServer } from '../tests/integration/helpers/spawn-server.ts';
import type { ChildServer } from '../tests/integration/helpers/spawn-server.ts';
import { adminCallOverHttp, testTokens } from '../tests/integration/helpers/admin-http.ts';
import type { CouchEngine } from '../scripts/couchdb-engine.ts';

export type { CouchEngine };

export { testTokens, adminCallOverHttp };

export interface BenchServer extends ChildServer {
  dbUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * `npm run bench -- --smoke`: every bench at tiny sizes, so CI proves each one still runs and
 * prints its figure. Figures at these sizes say nothing about the targets: they print as SMOKE.
 */
export const SMOKE = process.argv.includes('--smoke');

/** The bench's full size, or its smoke size under `--smoke`. */
export function sized<T>(full: T, smoke: T): T {
  return SMOKE ? smoke : full;
}

let benchServers = 0;
const live = new Set<ChildServer>();
// A bench that dies (a FAIL, an unhandled rejection) must not leave servers holding ports and
// CPU for the next bench or the next CI step.
process.on('exit', () => {
  for (const s of live) s.child.kill('SIGKILL');
});

/** A Fete server on the embedded backend, or on `couch` (Apache CouchDB) in a namespace of its own. */
export async function benchServer(env: Record<string, string> = {}, couch?: CouchEngine): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'fete-bench-'));
  const port = await freePort();
  // The benches play hundreds of clients from one address and one account: the per-client
  // caps of the gateway would refuse them (they are tested in tests/integration/abuse).
  const many = { FEEDS_PER_USER: '100000', FEEDS_PER_ANONYMOUS_IP: '100000', FEEDS_PER_IP: '100000', SHARED_WRITES_PER_MEMBER: '1000000', USERDB_WRITES_PER_MINUTE: '1000000', DMS_PER_MINUTE: '1000000', DMS_PER_RECEIVER_PER_MINUTE: '1000000' };
  const backend = couch ? { ...couch.env, DB_PREFIX: `bench${process.pid}n${++benchServers}_` } : {};
  const server = await spawnServer({ dataDir, port, env: { ...many, ...backend, ...env } });
  live.add(server);
  return {
    ...server,
    dbUrl: `${server.url}/db`,
    dataDir,
    async stop() {
      await server.kill('SIGTERM');
      live.delete(server);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] as number;
}

export function stats(samples: number[]): { p50: number; p99: number; n: number } {
  const s = [...samples].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p99: percentile(s, 99), n: s.length };
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8') as string;
  const m = /VmRSS:\s+(\d+) kB/.exec(status);
  return m ? Number(m[1]) / 1024 : NaN;
}

export function report(name: string, value: string, target: string, ok: boolean): void {
  if (Number.isNaN(Number.parseFloat(value.replace(/^[^\d-]*/, '')))) throw new Error(`${name}: no figure (${value})`);
  const verdict = SMOKE ? 'SMOKE' : ok ? 'PASS' : 'MISS';
  console.log(`${verdict.padEnd(5)}  ${name.padEnd(48)} ${value.padStart(16)}   target ${target}`);
}

export async function authHeaders(sub: string, roles: string[]): Promise<Record<string, string>> {
  const { token } = await testTokens.signAccess(sub, roles, 3600);
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' };
}
