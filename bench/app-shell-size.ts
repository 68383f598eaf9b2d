// The app shell's JavaScript, gzipped: what index.html loads before any lazy route chunk.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { report } from './lib.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'dist');

/** The newest modification time of the build's inputs. */
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

/** Uses `outDir` when its build is newer than every input; otherwise builds the app there first. */
export function ensureBuiltIn(outDir: string): void {
  const index = path.join(outDir, 'index.html');
  if (existsSync(index) && statSync(index).mtimeMs >= newestInput()) return;
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const args = [vite, 'build', '--logLevel', 'warn', ...(outDir === DIST ? [] : ['--outDir', outDir, '--emptyOutDir'])];
  const built = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('vite build failed');
}

/** Uses dist/ when it is newer than every input; otherwise builds the app first. */
export function ensureBuilt(): void {
  ensureBuiltIn(DIST);
}

/** What the first screen cannot do without: at most this much, gzipped (ADR 040). */
const SHELL_BUDGET_KB = 180;

export async function appShellSize(): Promise<void> {
  // Cheap at any size: `--smoke` measures the same build, and report() prints it as SMOKE.
  ensureBuilt();
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) files.add(m[1] as string);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) files.add(m[1] as string);
  const sizes = [...files].map((f) => ({ file: path.basename(f), gz: gzipSync(new Uint8Array(readFileSync(path.join(DIST, f)))).length }));
  // File by file, largest first, so a miss names what grew.
  for (const { file, gz } of sizes.sort((a, b) => b.gz - a.gz)) {
    console.log(`      ${file.padEnd(40)} ${(gz / 1024).toFixed(1).padStart(6)} KB`);
  }
  const kb = sizes.reduce((sum, s) => sum + s.gz, 0) / 1024;
  report(`app-shell JavaScript, gzipped (${files.size} files)`, `${kb.toFixed(1)} KB`, `<= ${SHELL_BUDGET_KB} KB`, kb <= SHELL_BUDGET_KB);
}
