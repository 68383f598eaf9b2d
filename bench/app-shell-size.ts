// The app shell's JavaScript, gzipped: what index.html loads before any lazy route chunk.
import { existsSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { report } from './lib.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'dist');

export async function appShellSize(): Promise<void> {
  if (!existsSync(path.join(DIST, 'index.html'))) {
    const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
    const built = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('vite build failed');
  }
  const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) files.add(m[1] as string);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) files.add(m[1] as string);
  let gz = 0;
  for (const f of files) gz += gzipSync(new Uint8Array(readFileSync(path.join(DIST, f)))).length;
  const kb = gz / 1024;
  report(`app-shell JavaScript, gzipped (${files.size} files)`, `${kb.toFixed(1)} KB`, '<= 200 KB', kb <= 200);
}
