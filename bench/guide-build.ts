// The Fete Guide bench's own build of the PWA, in a folder of its own: the shared dist/ may be in
// use by a test run or another bench while this one runs. Rebuilt only when an input is newer.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
export const GUIDE_BENCH_DIST = process.env.FETE_BENCH_DIST ? path.resolve(process.env.FETE_BENCH_DIST) : path.join(os.tmpdir(), 'fete-bench-guide-dist');

function newestInput(): number {
  let newest = 0;
  const visit = (p: string) => {
    const st = statSync(p);
    if (st.isDirectory()) for (const name of readdirSync(p)) visit(path.join(p, name));
    else newest = Math.max(newest, st.mtimeMs);
  };
  for (const p of ['web', 'design-docs/src', 'vite.config.ts', 'package-lock.json']) {
    if (existsSync(path.join(ROOT, p))) visit(path.join(ROOT, p));
  }
  return newest;
}

/** Returns the folder holding a build no older than the sources. */
export function ensureGuideBuild(): string {
  const index = path.join(GUIDE_BENCH_DIST, 'index.html');
  if (existsSync(index) && statSync(index).mtimeMs >= newestInput()) return GUIDE_BENCH_DIST;
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const built = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn', '--outDir', GUIDE_BENCH_DIST, '--emptyOutDir'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('vite build failed');
  return GUIDE_BENCH_DIST;
}
