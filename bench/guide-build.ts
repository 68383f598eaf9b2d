// The Fete Guide bench's own build of the PWA, in a folder of its own: the shared dist/ may be in
// use by a test run or another bench while this one runs. Rebuilt only when an input is newer.
// One folder per checkout: a CI clone's build, made later than this checkout's last edit, passed
// for this checkout's own (its benches then measured code without this checkout's changes).
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { ensureBuiltIn } from './app-shell-size.ts';

const CHECKOUT = createHash('sha256').update(path.resolve(import.meta.dirname, '..')).digest('hex').slice(0, 10);

export const GUIDE_BENCH_DIST = process.env.FETE_BENCH_DIST ? path.resolve(process.env.FETE_BENCH_DIST) : path.join(os.tmpdir(), `fete-bench-guide-dist-${CHECKOUT}`);

/** Returns the folder holding a build no older than the sources. */
export function ensureGuideBuild(): string {
  ensureBuiltIn(GUIDE_BENCH_DIST);
  return GUIDE_BENCH_DIST;
}
