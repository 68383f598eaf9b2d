// One real Fete server for the browser tests: built PWA, embedded backend, demo data, a fresh
// DATA_DIR, relaxed rate limits, and a fake place search.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { freePort, spawnServer } from '../../integration/helpers/spawn-server.ts';
import { INFO_FILE } from './server-info.ts';
import { startFakeGeocoder } from '../../fixtures/fake-geocoder.ts';
import { makeWarmProfile } from './warm-profile.ts';
import { scratchRoot } from '../../support/scratch-root.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export default async function globalSetup(): Promise<() => Promise<void>> {
  // The browser tests run against the production build, as people get it.
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  // FETE_WEB_DIST builds into a folder of its own, so two runs on one machine (FETE_E2E_RUN
  // names each) do not rebuild each other's files.
  const outDir = process.env.FETE_WEB_DIST ? path.resolve(process.env.FETE_WEB_DIST) : null;
  const args = [vite, 'build', '--logLevel', 'warn', ...(outDir ? ['--outDir', outDir, '--emptyOutDir'] : [])];
  // `npm test` builds first and says so (scripts/test-all.ts); a run of its own builds here.
  if (process.env.FETE_E2E_BUILT !== '1') {
    const build = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('vite build failed');
  }

  const dataDir = await mkdtemp(path.join(scratchRoot(), 'fete-e2e-'));
  const port = await freePort();
  // Place search answers from a local fake: no test reaches a real geocoding service.
  const geocoder = await startFakeGeocoder();
  const server = await spawnServer({
    dataDir,
    port,
    env: {
      // Warnings too (a worker's failed run and its retry): a browser test that failed on the
      // server's side then has the server's word beside it in the CI log. Quiet otherwise.
      LOG_LEVEL: process.env.FETE_TEST_LOG ?? 'warn',
      SEED_DEMO: 'true',
      SERVE_WEB: 'true',
      GEOCODER_URL: geocoder.url,
      ...(outDir ? { WEB_DIST: outDir } : {}),
      RATE_SIGNIN_PER_ACCOUNT: '1000',
      RATE_SIGNIN_PER_IP: '1000',
      RATE_SIGNUP_PER_IP: '1000',
      RATE_RESET_PER_ACCOUNT: '1000',
      RATE_RESET_PER_IP: '1000',
    },
  });
  const warmProfile = await makeWarmProfile(server.url).catch(async (err: unknown) => {
    await server.kill('SIGTERM');
    await geocoder.close();
    throw err;
  });
  await writeFile(INFO_FILE, JSON.stringify({ url: server.url, dataDir, pid: server.child.pid, warmProfile }));
  return async () => {
    await server.kill('SIGTERM');
    await geocoder.close();
    await rm(warmProfile, { recursive: true, force: true });
  };
}
