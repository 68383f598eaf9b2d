// Project rules that the type checker does not cover.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { issueRefProblems } from './issue-refs.ts';
import { layerProblems } from './layers.ts';
import { dataHookProblems } from './data-hooks-rule.ts';
import { docsDriftProblems } from './docs-drift.ts';

const root = path.resolve(import.meta.dirname, '..');
const problems: string[] = [];

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

for (const dir of ['web/src', 'sync-server/src', 'couch/src', 'design-docs/src', 'tests', 'bench', 'scripts']) {
  const abs = path.join(root, dir);
  try {
    statSync(abs);
  } catch {
    continue;
  }
  for (const file of walk(abs)) {
    const rel = path.relative(root, file);
    const base = path.basename(file);
    if (/\.(ts|tsx|js)$/.test(base) && !/^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9-]+)*\.(ts|tsx|js)$/.test(base)) {
      problems.push(`${rel}: file names are kebab-case`);
    }
    if (!/\.(ts|tsx|js)$/.test(base)) continue;
    const text = readFileSync(file, 'utf8');
    const repoPath = rel.split(path.sep).join('/');
    problems.push(...layerProblems(repoPath, text));
    problems.push(...dataHookProblems(repoPath, text));
    if (base.endsWith('.js')) continue;
    if (/\benum\s+[A-Z]/.test(text)) problems.push(`${rel}: no enums (Node runs TypeScript by type stripping)`);
    if (/\bit\.only\(|\bdescribe\.only\(|\btest\.only\(/.test(text)) problems.push(`${rel}: a focused test (.only) is committed`);
    if (rel.startsWith('web/src/screens') && /from ['"]pouchdb/.test(text)) problems.push(`${rel}: screens never touch PouchDB; use web/src/data`);
  }
}

// Comments cite ADRs, not issue numbers (scripts/issue-refs.ts).
const issueRefFiles = ['web', 'sync-server', 'couch', 'design-docs', 'scripts', 'bench', 'tests']
  .flatMap((dir) => {
    try {
      return walk(path.join(root, dir));
    } catch {
      return [];
    }
  })
  .concat(['playwright.config.ts', 'vite.config.ts', 'vitest.config.ts'].map((f) => path.join(root, f)));
for (const file of issueRefFiles) {
  if (!/\.(ts|tsx|js|mjs|css)$/.test(file)) continue;
  const rel = path.relative(root, file).split(path.sep).join('/');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue;
  }
  problems.push(...issueRefProblems(rel, text));
}

// The docs' lists of files and ADRs follow the code (scripts/docs-drift.ts).
const tsIn = (dir: string) => readdirSync(path.join(root, dir)).filter((f) => f.endsWith('.ts') && statSync(path.join(root, dir, f)).isFile());
const read = (rel: string) => readFileSync(path.join(root, rel), 'utf8');
problems.push(
  ...docsDriftProblems({
    dataFiles: tsIn('web/src/data'),
    dataReadme: read('web/src/data/README.md'),
    couchFiles: tsIn('couch/src'),
    architecture: read('docs/ARCHITECTURE.md'),
    scriptFiles: tsIn('scripts'),
    adrFiles: readdirSync(path.join(root, 'docs/decisions')),
    adrIndex: read('docs/decisions/README.md'),
  }),
);

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log('lint: ok');
