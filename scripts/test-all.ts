// `npm test`: every phase of the suite in order, stopping at the first that fails, then each
// phase's time, so a slow phase is seen where it starts (the suite's budget is in
// docs/getting-started.md).
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
}

const PHASES: Phase[] = [
  { name: 'Node 24 present', command: [node, 'scripts/check-node.ts'] },
  { name: 'Chromium present', command: [node, 'scripts/check-browser.ts'] },
  { name: 'lint (types, oxlint, layers)', command: [...npm, 'run', '--silent', 'lint'] },
  { name: 'unit', command: [node, bin('vitest/vitest.mjs'), 'run', '--project', 'unit'] },
  { name: 'integration, embedded backend', command: [node, bin('vitest/vitest.mjs'), 'run', '--project', 'integration'] },
  { name: 'abuse, embedded backend', command: [node, bin('vitest/vitest.mjs'), 'run', '--project', 'abuse'] },
  { name: 'browser (Playwright)', command: [node, bin('@playwright/test/cli.js'), 'test'] },
  { name: 'Apache CouchDB, one node', command: [node, 'scripts/test-couchdb.ts'], env: { FETE_COUCH_PASSES: 'single', FETE_COUCH_CLUSTER_PASS_FOLLOWS: '1' } },
  { name: 'Apache CouchDB, 3-node cluster', command: [node, 'scripts/test-couchdb.ts'], env: { FETE_COUCH_PASSES: 'cluster' } },
];

const times: { name: string; seconds: number; status: number }[] = [];
const started = Date.now();
let failed = 0;
for (const phase of PHASES) {
  console.log(`\n== ${phase.name}`);
  const t = Date.now();
  const [cmd, ...args] = phase.command;
  const status = spawnSync(cmd as string, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...phase.env } }).status ?? 1;
  times.push({ name: phase.name, seconds: (Date.now() - t) / 1000, status });
  if (status !== 0) {
    failed = status;
    break;
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
