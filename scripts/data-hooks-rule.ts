// The one way to read data in the web app: screens and components call a named hook
// from web/src/data/hooks, which picks the databases and the dependencies. The generic readers
// those hooks are built on (useLiveQuery, and the catalogue's useCatalogItem and useCatalogList)
// stay inside web/src/data. Pure: it reads nothing from disk.

import { withoutComments } from './issue-refs.ts';

/** The generic readers only web/src/data may call. */
export const GENERIC_READERS = ['useLiveQuery', 'useCatalogItem', 'useCatalogList'] as const;

/**
 * Files (or folders, ending in '/') still allowed a generic reader, each with why. An entry goes
 * when its file has its hook.
 */
export const READER_EXCEPTIONS: Readonly<Record<string, string>> = {};

function excepted(file: string, exceptions: Readonly<Record<string, string>>): boolean {
  return Object.keys(exceptions).some((e) => (e.endsWith('/') ? file.startsWith(e) : file === e));
}

/** What the rule finds in one file: `file` is its repo path (forward slashes), `text` its source. */
export function dataHookProblems(file: string, text: string, exceptions = READER_EXCEPTIONS): string[] {
  if (!file.startsWith('web/src/') || file.startsWith('web/src/data/') || excepted(file, exceptions)) return [];
  // Comments say what a reader does; only code counts.
  const code = withoutComments(text);
  return GENERIC_READERS.filter((name) => new RegExp(`\\b${name}\\b\\s*[<(]|\\bimport\\b[^;]*\\{[^}]*\\b${name}\\b[^}]*\\}`).test(code)).map(
    (name) => `${file}: reads data with ${name}; use a named hook from web/src/data/hooks (scripts/data-hooks-rule.ts)`,
  );
}
