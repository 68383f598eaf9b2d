// The app shell on the wire: what index.html loads before any lazy route chunk, fetched from a
// running server with `Accept-Encoding: br, gzip`, counted as sent (ADR 040, ADR 058).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { benchServer, report } from './lib.ts';

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

/** What the first screen cannot do without: at most this much JavaScript on the wire (ADR 040, ADR 058). */
const SHELL_BUDGET_KB = 180;
/** The first screen's whole allowance on the wire; the shell's HTML, CSS and JavaScript are part of it. */
const FIRST_SCREEN_KB = 250;

interface Sent {
  status: number;
  coding: string;
  bytes: number;
}

/** One GET as a browser's first visit makes it, counting the bytes of the body as sent (nothing decoded). */
function fetchSent(url: string, acceptEncoding: string | null): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    const req = http.get(url, { agent: false, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.byteLength;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, coding: String(res.headers['content-encoding'] ?? 'identity'), bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** The shell as index.html names it: its scripts and modulepreloads, and its stylesheets. */
function shellFiles(html: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) js.add(m[1] as string);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) js.add(m[1] as string);
  for (const m of html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+\.css)"/g)) css.add(m[1] as string);
  return { js: [...js], css: [...css] };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function appShellSize(): Promise<void> {
  // Cheap at any size: `--smoke` measures the same build, and report() prints it as SMOKE.
  ensureBuilt();
  const { js, css } = shellFiles(readFileSync(path.join(DIST, 'index.html'), 'utf8'));
  // Bytes on the wire from a running server, as a browser asks for them (ADR 058).
  const server = await benchServer({ SERVE_WEB: 'true', WEB_DIST: DIST, WORKERS: 'false' });
  try {
    const rows: { file: string; kind: 'html' | 'js' | 'css'; plain: number; sent: Sent }[] = [];
    for (const [file, kind] of [['/', 'html'] as const, ...js.map((f) => [f, 'js'] as const), ...css.map((f) => [f, 'css'] as const)]) {
      const sent = await fetchSent(server.url + file, 'br, gzip');
      const plain = await fetchSent(server.url + file, null);
      if (sent.status !== 200 || plain.status !== 200) throw new Error(`${file} answered ${sent.status}/${plain.status}`);
      rows.push({ file: file === '/' ? 'index.html' : path.basename(file), kind, plain: plain.bytes, sent });
    }
    // File by file, largest first, so a miss names what grew.
    for (const r of rows.sort((a, b) => b.sent.bytes - a.sent.bytes)) {
      console.log(`      ${r.file.padEnd(40)} ${kb(r.sent.bytes).padStart(9)} ${r.sent.coding.padEnd(8)} (${kb(r.plain)} plain)`);
    }
    const sum = (list: typeof rows) => list.reduce((n, r) => n + r.sent.bytes, 0);
    const plainSum = (list: typeof rows) => list.reduce((n, r) => n + r.plain, 0);
    const scripts = rows.filter((r) => r.kind === 'js');
    console.log(`      JavaScript plain: ${kb(plainSum(scripts))}; the whole shell plain: ${kb(plainSum(rows))}`);
    const jsKb = sum(scripts) / 1024;
    report(`app-shell JavaScript on the wire (${scripts.length} files)`, `${jsKb.toFixed(1)} KB`, `<= ${SHELL_BUDGET_KB} KB`, jsKb <= SHELL_BUDGET_KB);
    const allKb = sum(rows) / 1024;
    report(`app shell on the wire (HTML, CSS, JS)`, `${allKb.toFixed(1)} KB`, `<= ${FIRST_SCREEN_KB} KB with the first screen's data`, allKb <= FIRST_SCREEN_KB);
  } finally {
    await server.stop();
  }
}
