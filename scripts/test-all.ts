// `npm test`: every phase of the suite in order, then each phase's time, so a slow phase is seen
// where it starts (the suite's budget is in docs/getting-started.md). A failing phase does not hide
// the later ones' results: only the set-up checks stop the run. The browser projects run one after
// the other as phases of their own, so a failure in `app` leaves `forms` to run and report (in one
// Playwright run, `forms` depends on `app` and is skipped when it fails).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const node = process.execPath;
const bin = (p: string) => path.join(ROOT, 'node_modules', p);
const npm = process.env.npm_execpath ? [node, process.env.npm_execpath] : ['npm'];

interface Phase {
  name: string;
  command: string[];
  env?: Record<string, string>;
  /** A set-up check: nothing after it can run without it. */
  gate?: boolean;
  /** Skipped when this earlier phase failed. */
  needs?: string;
}

const BUILD = 'web build for the browser tests';
// FETE_WEB_DIST builds into a folder of its own (tests/e2e/support/global-setup.ts).
const outDir = process.env.FETE_WEB_DIST ? ['--outDir', path.resolve(process.env.FETE_WEB_DIST), '--emptyOutDir'] : [];

const PHASES: Phase[] = [
  { name: 'Node 24 present', command: [node, 'scripts/check-node.ts'], gate: true },
  { name: 'Chromium present', command: [node, 'scripts/check-browser.ts'], gate: true },
  { name: 'lint (types, oxlint, layers)', command: [...npm, 'run', '--silent', 'lint'] },
  { name: 'unit', command: [node, bin('vitest/vitest.mjs'), 'run', '--project', 'unit'] },
  { name: 'integration, embedded backend', command: [node, bin('vitest/vitest.mjs'), 'run', '--project', 'integration'] },
  { name: 'abuse, embedded backend', command: [node, bin('vitest/vitest.mjs'), 'run', '--project', 'abuse'] },
  { name: BUILD, command: [node, bin('vite/bin/vite.js'), 'build', '--logLevel', 'warn', ...outDir] },
  { name: 'browser (Playwright), app', command: [node, bin('@playwright/test/cli.js'), 'test', '--project', 'app'], env: { FETE_E2E_BUILT: '1' }, needs: BUILD },
  { name: 'browser (Playwright), forms', command: [node, bin('@playwright/test/cli.js'), 'test', '--project', 'forms', '--no-deps'], env: { FETE_E2E_BUILT: '1' }, needs: BUILD },
  { name: 'Apache CouchDB, one node', command: [node, 'scripts/test-couchdb.ts'], env: { FETE_COUCH_PASSES: 'single', FETE_COUCH_CLUSTER_PASS_FOLLOWS: '1' } },
  { name: 'Apache CouchDB, 3-node cluster', command: [node, 'scripts/test-couchdb.ts'], env: { FETE_COUCH_PASSES: 'cluster' } },
];

const times: { name: string; seconds: number; status: number }[] = [];
const started = Date.now();
let failed = 0;
for (const phase of PHASES) {
  if (phase.needs && times.some((t) => t.name === phase.needs && t.status !== 0)) {
    console.log(`\n== ${phase.name}: skipped, ${phase.needs} failed`);
    times.push({ name: phase.name, seconds: 0, status: 1 });
    continue;
  }
  console.log(`\n== ${phase.name}`);
  const t = Date.now();
  const [cmd, ...args] = phase.command;
  const status = spawnSync(cmd as string, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...phase.env } }).status ?? 1;
  times.push({ name: phase.name, seconds: (Date.now() - t) / 1000, status });
  if (status !== 0) {
    failed = status;
    if (phase.gate) break;
  }
}

const fmt = (seconds: number) => {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};
console.log('\n== time per phase (m:ss)');
for (const { name, seconds, status } of times) console.log(`${fmt(seconds).padStart(6)}  ${name}${status === 0 ? '' : '  FAILED'}`);
console.log(`${fmt((Date.now() - started) / 1000).padStart(6)}  total`);
process.exit(failed);
