// The Fete Guide bench's own build of the PWA, in a folder of its own: the shared dist/ may be in
// use by a test run or another bench while this one runs. Rebuilt only when an input is newer.
import os from 'node:os';
import path from 'node:path';
import { ensureBuiltIn } from './app-shell-size.ts';

export const GUIDE_BENCH_DIST = process.env.FETE_BENCH_DIST ? path.resolve(process.env.FETE_BENCH_DIST) : path.join(os.tmpdir(), 'fete-bench-guide-dist');

/** Returns the folder holding a build no older than the sources. */
export function ensureGuideBuild(): string {
  ensureBuiltIn(GUIDE_BENCH_DIST);
  return GUIDE_BENCH_DIST;
}
