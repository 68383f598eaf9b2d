// Runs the server as a child process, so a test can SIGKILL it and start it again.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import net from 'node:net';
import { couchEnv, couchNodes } from './couch-namespace.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

export interface ChildServer {
  url: string;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<number | null>;
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** What the process wrote to stderr (its JSON log lines), when started with `captureLog`. */
  log(): string;
}

export async function spawnServer(opts: { dataDir: string; port: number; env?: Record<string, string>; captureLog?: boolean }): Promise<ChildServer> {
  const child = spawn(process.execPath, [path.join(ROOT, 'sync-server/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      SEED_DEMO: 'false',
      SERVE_WEB: 'false',
      LOG_LEVEL: process.env.FETE_TEST_LOG ?? 'error',
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      ...couchEnv(opts.dataDir),
      ...opts.env,
    },
    stdio: ['ignore', 'inherit', opts.captureLog ? 'pipe' : 'inherit'],
  });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    // Bounded: a test reads the recent lines, not megabytes of them.
    log = (log + chunk.toString('utf8')).slice(-1_000_000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${opts.port}`;
  // A server provisions its databases (and the demo, when asked) before it listens: on a
  // 3-node cluster each database is made on every node, which takes longer.
  const startupMs = couchNodes > 1 ? 90_000 : 30_000;
  const deadline = Date.now() + startupMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy in ${startupMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    exited,
    log: () => log,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null) child.kill(signal);
      await exited;
    },
  };
}
