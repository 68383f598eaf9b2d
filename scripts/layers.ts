// The layer rule: which folders a folder may import from. A file belongs to the longest folder
// of the table its path starts with; every relative import is resolved to a repo path and must
// land in one of that folder's allowed folders. Within the screens, each folder stays apart from
// the others. Packages (react, zod) are not repo paths and are
// not checked here, except `node:` modules where a folder says so.
import path from 'node:path';

interface Layer {
  /** Folders (repo paths) this folder may import from, besides its own files (not a nested layer's). */
  mayImport: readonly string[];
  /** Set where Node's modules are off limits. */
  noNodeModules?: true;
}

const WEB_OK = ['design-docs/src'];

/** The one table. Keys and values are repo paths without a trailing slash. */
export const LAYERS: Readonly<Record<string, Layer>> = {
  // The web app, top to bottom: app -> screens -> components -> data -> lib.
  'web/src': { mayImport: ['web/src', ...WEB_OK] }, // main.tsx and styles: the entry point wires everything
  'web/src/app': { mayImport: ['web/src/screens', 'web/src/components', 'web/src/data', 'web/src/lib', ...WEB_OK] },
  'web/src/screens': { mayImport: ['web/src/components', 'web/src/data', 'web/src/lib', ...WEB_OK] },
  'web/src/components': { mayImport: ['web/src/data', 'web/src/lib', ...WEB_OK] },
  'web/src/data': { mayImport: ['web/src/lib', ...WEB_OK] },
  'web/src/lib': { mayImport: [...WEB_OK] },
  // The data contract runs in CouchDB, the server and the browser alike.
  'design-docs/src': { mayImport: ['design-docs'], noNodeModules: true },
  // The backend never reaches into the server above it; the server never into the web app.
  'couch/src': { mayImport: ['design-docs/src'] },
  'sync-server/src': { mayImport: ['couch/src', 'design-docs/src', 'sync-server/src/demo'] },
  // Only the demo data is made from the test fixtures' factories and content.
  'sync-server/src/demo': { mayImport: ['sync-server/src', 'couch/src', 'design-docs/src', 'tests/fixtures'] },
};

const inside = (target: string, folder: string) => target === folder || target.startsWith(`${folder}/`);

const FOLDERS = Object.keys(LAYERS).sort((a, b) => b.length - a.length);

/** The table's folder a repo path belongs to, or null when the table says nothing about it. */
export function layerOf(file: string): string | null {
  return FOLDERS.find((f) => inside(file, f)) ?? null;
}

/** The screen folder a repo path is in (`web/src/screens/<folder>/…`), or null. */
export function screenOf(file: string): string | null {
  const m = /^web\/src\/screens\/([^/]+)\//.exec(file);
  return m ? (m[1] as string) : null;
}

const SPECIFIERS = [
  /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g, // import x from '…', export { x } from '…'
  /\bimport\s*['"]([^'"]+)['"]/g, // import '…'
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g, // import('…')
];

/** Every module specifier a source text imports or re-exports. */
export function importsOf(text: string): string[] {
  const out = new Set<string>();
  for (const re of SPECIFIERS) for (const m of text.matchAll(re)) out.add(m[1] as string);
  return [...out];
}

/**
 * What the table forbids in one file: `file` is its repo path (forward slashes), `text` its
 * source. Pure: it reads nothing from disk.
 */
export function layerProblems(file: string, text: string): string[] {
  const own = layerOf(file);
  if (own === null) return [];
  const layer = LAYERS[own] as Layer;
  const problems: string[] = [];
  for (const spec of importsOf(text)) {
    if (spec.startsWith('node:')) {
      if (layer.noNodeModules) problems.push(`${file}: ${own} imports no Node modules ('${spec}')`);
      continue;
    }
    if (!spec.startsWith('.')) continue;
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
    // Screens stay apart: what two screens share lives in components/ or lib/.
    const screen = screenOf(file);
    const other = screenOf(target);
    if (screen && other && screen !== other) {
      problems.push(`${file}: a screen folder may not import another's (${target}); move what they share to web/src/components or web/src/lib`);
      continue;
    }
    if (layerOf(target) === own || layer.mayImport.some((f) => inside(target, f))) continue;
    problems.push(`${file}: ${own} may not import ${target} (the layer rule, scripts/layers.ts)`);
  }
  return problems;
}
