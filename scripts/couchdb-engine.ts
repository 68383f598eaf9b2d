// Apache CouchDB 3.5.0 for the test pass and the benches (ADR 039): the launcher from
// ../shared/couchdb, started in a fresh folder on a free port with the project's couch/local.ini
// (its key replaced by the test key), and stopped again with its folder removed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { scratchRoot } from '../tests/support/scratch-root.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';

/** The launcher: COUCHDB_LAUNCHER, or ../shared/couchdb/couchdb next to the project. */
export function findCouchLauncher(): string | undefined {
  const candidates = [process.env.COUCHDB_LAUNCHER, path.resolve(ROOT, '../shared/couchdb/couchdb'), '/work/shared/couchdb/couchdb'];
  return candidates.find((c): c is string => typeof c === 'string' && c !== '' && existsSync(c));
}

export interface CouchEngine {
  url: string;
  port: number;
  /** Every node's URL: one for a single node, node 1 first. */
  nodeUrls: string[];
  /** Stops or restarts one node of a cluster (fault tests). */
  nodeStop(port: number): void;
  nodeStart(port: number): void;
  /** The Erlang VM's process id (node 1's on a cluster), for its RSS. */
  pid: number;
  /** Every node's Erlang VM, for a cluster's RSS. */
  pids: number[];
  /** COUCH_URL and the admin credentials, for a Fete server or the test suite. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** A first port P with P .. P+nodes-1 and their Erlang distribution ports (+10000) all free. */
async function freePortRun(nodes: number): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const port = await freePort();
    if (port + nodes - 1 + 10000 > 65535) continue;
    let ok = true;
    for (let k = 0; k < nodes && ok; k++) ok = (k === 0 || (await portIsFree(port + k))) && (await portIsFree(port + k + 10000));
    if (ok) return port;
  }
  throw new Error(`no run of ${nodes} free ports for Apache CouchDB`);
}

export interface CouchEngineOptions {
  /** 1 (default) for a single node; more for a cluster joined by the launcher's cluster-start. */
  nodes?: number;
  /**
   * Keep the engine's files in memory (/dev/shm where the machine has it): every write's fsync
   * then costs nothing. For the test passes, whose data is thrown away; the benches keep the disk,
   * as a real server has, so that the two backends are compared as they run.
   */
  inMemory?: boolean;
}

export async function startCouchEngine(launcher: string, options: CouchEngineOptions = {}): Promise<CouchEngine> {
  const nodes = options.nodes ?? 1;
  // The launcher also takes port + 10000 for the Erlang distribution: keep it in range.
  const port = await freePortRun(nodes);
  const home = await mkdtemp(path.join(scratchRoot(options.inMemory ?? false), 'fete-couchdb-'));
  const ini = path.join(home, 'fete.ini');
  const key = Buffer.from(TEST_SECRET).toString('base64');
  await writeFile(ini, (await readFile(path.join(ROOT, 'couch/local.ini'), 'utf8')).replace('REPLACE_WITH_BASE64_OF_JWT_SECRET', key));
  // Erlang schedulers spin while idle waiting for work by default; three nodes on two cores then
  // spend much of the machine spinning. Without it they sleep, and a cluster run is faster.
  const env = { ...process.env, COUCHDB_HOME: home, ERL_AFLAGS: process.env.ERL_AFLAGS ?? '+sbwt none +sbwtdcpu none +sbwtdio none' };
  const cluster = nodes > 1;
  const stop = async () => {
    // Each node takes ~3 s to stop and the launcher stops a cluster's one after the other: all
    // at once, a cluster stops in the time of one node. cluster-stop then finds nothing left.
    if (cluster) {
      await Promise.all(
        Array.from({ length: nodes }, (_, k) => new Promise((done) => spawn(launcher, ['node-stop', '--port', String(port + k)], { env, stdio: 'inherit' }).on('close', done).on('error', done))),
      );
    }
    const args = cluster ? ['cluster-stop', '--port', String(port), '--nodes', String(nodes)] : ['stop', '--port', String(port)];
    spawnSync(launcher, args, { env, stdio: 'inherit' });
    await rm(home, { recursive: true, force: true });
  };
  const startArgs = cluster ? ['cluster-start', '--port', String(port), '--nodes', String(nodes)] : ['start', '--port', String(port)];
  const started = spawnSync(launcher, [...startArgs, '--ini', ini], { env, encoding: 'utf8' });
  if (started.status !== 0) {
    await stop();
    throw new Error(`Apache CouchDB did not start:\n${started.stdout}${started.stderr}`);
  }
  const pids = Array.from({ length: nodes }, (_, k) => Number(readFileSync(path.join(home, String(port + k), 'couchdb.pid'), 'utf8').trim()));
  const pid = pids[0] as number;
  const url = `http://127.0.0.1:${port}`;
  const nodeUrls = Array.from({ length: nodes }, (_, k) => `http://127.0.0.1:${port + k}`);
  const one = (cmd: string, p: number) => {
    const r = spawnSync(launcher, [cmd, '--port', String(p)], { env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`couchdb ${cmd} --port ${p} failed:\n${r.stdout}${r.stderr}`);
  };
  return {
    url,
    port,
    pid,
    pids,
    nodeUrls,
    nodeStop: (p) => one('node-stop', p),
    nodeStart: (p) => one('node-start', p),
    env: {
      COUCH_URL: url,
      COUCH_ADMIN_USER: 'admin',
      COUCH_ADMIN_PASSWORD: 'password',
      COUCH_NODE_URLS: nodeUrls.join(' '),
      COUCHDB_HOME: home,
      COUCHDB_LAUNCHER: launcher,
    },
    stop,
  };
}
