// `npm start`: build the web app if it is not built yet, then run the server.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import './check-node.ts';

const root = path.resolve(import.meta.dirname, '..');
if (!existsSync(path.join(root, 'dist', 'index.html'))) {
  console.log('Building the web app (first start)…');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import('../sync-server/src/main.ts');
