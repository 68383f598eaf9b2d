// The app shell is what web/src/main.tsx reaches through static imports. Zod (and the schema
// files built on it) came back into it twice after being taken out, which cost the shell about
// 30 KB gzipped; this walk names the import chain that brings a forbidden package back, so the
// fix is a dynamic import or a zod-free module, as ADR 040 says.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const ENTRY = path.join(ROOT, 'web/src/main.tsx');

/** Packages that only some screens need: they load with those screens' chunks. */
const NOT_IN_SHELL = ['zod', 'leaflet', 'qrcode', '@zxcvbn-ts/core'];

// `import … from '…'`, `import '…'` and `export … from '…'`, but not `import type` / `export type`
// (erased) and not `import('…')` (a chunk of its own).
const STATIC_IMPORT = /^\s*(import|export)\s+(?!type\s)([^'";]*?from\s+)?['"]([^'"]+)['"]/gm;

function resolveLocal(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const file of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(file) && /\.(ts|tsx|js)$/.test(file)) return file;
  }
  return null;
}

/** The admins' online repositories: loaded on their first call (lazy-repo.ts), never with the shell. */
const ADMIN_REPOS = ['catalog', 'packages', 'forms', 'users', 'reports', 'featured', 'event-discounts', 'names', 'submissions', 'receipts'].map((n) => `web/src/data/repos/admin-${n}.ts`);

/** Every package the shell imports, with the chain of modules from main.tsx that imports it; `modules`: its own files. */
function shellPackages(modules?: Set<string>): Map<string, string[]> {
  const parent = new Map<string, string | null>([[ENTRY, null]]);
  const packages = new Map<string, string[]>();
  const chain = (file: string): string[] => {
    const out: string[] = [];
    for (let f: string | null | undefined = file; f; f = parent.get(f)) out.unshift(path.relative(ROOT, f));
    return out;
  };
  const queue = [ENTRY];
  for (let file = queue.shift(); file; file = queue.shift()) {
    for (const m of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (m[1] === 'export' && !m[2]) continue;
      const spec = m[3] as string;
      if (spec.startsWith('.')) {
        const next = resolveLocal(file, spec);
        if (next && !parent.has(next)) {
          parent.set(next, file);
          modules?.add(path.relative(ROOT, next));
          queue.push(next);
        }
      } else if (!packages.has(spec)) {
        packages.set(spec, chain(file));
      }
    }
  }
  return packages;
}

describe('the app shell', () => {
  const modules = new Set<string>();
  const packages = shellPackages(modules);

  it('reaches the data layer and the layout (the walk follows imports)', () => {
    expect(packages.has('react-dom/client')).toBe(true);
    expect([...packages.keys()].some((p) => p.startsWith('pouchdb-'))).toBe(true);
  });

  it.each(NOT_IN_SHELL)('does not import %s', (pkg) => {
    const found = [...packages].filter(([spec]) => spec === pkg || spec.startsWith(`${pkg}/`));
    expect(found.map(([spec, via]) => `${spec} via ${via.join(' -> ')}`)).toEqual([]);
  });

  it('does not import the admins\' repositories', () => {
    expect(modules.has('web/src/data/repos/index.ts')).toBe(true);
    expect(ADMIN_REPOS.filter((f) => modules.has(f))).toEqual([]);
  });
});
