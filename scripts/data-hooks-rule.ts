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

/**
 * Effects of a file that uses the data layer and waits for an answer in them (`.then(`, `await`,
 * or a `void` call of a loader): a one-shot read written by hand, with its own unmount flag and
 * stale-answer bookkeeping. Such a read goes through useQuery (web/src/data/hooks/use-query.ts).
 * Returns each such effect's line.
 */
export function bareEffectReads(code: string): number[] {
  if (!/\buseDataLayer\s*\(/.test(code)) return [];
  const lines: number[] = [];
  const start = /\buseEffect\s*\(/g;
  for (let m = start.exec(code); m; m = start.exec(code)) {
    let depth = 0;
    let end = m.index + m[0].length - 1;
    for (; end < code.length; end++) {
      if (code[end] === '(') depth++;
      else if (code[end] === ')' && --depth === 0) break;
    }
    const body = code.slice(m.index, end);
    if (/\.then\s*\(|\bawait\b|^\s*void\s+[\w.]+\s*\(/m.test(body)) lines.push(code.slice(0, m.index).split('\n').length);
    start.lastIndex = end;
  }
  return lines;
}

/**
 * Files still allowed an effect that waits for an answer, each with why. An entry goes when its
 * file reads through useQuery or a hook of its own in web/src/data/hooks.
 */
export const EFFECT_READ_EXCEPTIONS: Readonly<Record<string, string>> = {};

/** What the rule finds in one file: `file` is its repo path (forward slashes), `text` its source. */
export function dataHookProblems(file: string, text: string, exceptions = READER_EXCEPTIONS, effectExceptions = EFFECT_READ_EXCEPTIONS): string[] {
  if (!file.startsWith('web/src/') || file.startsWith('web/src/data/') || excepted(file, exceptions)) return [];
  // Comments say what a reader does; only code counts.
  const code = withoutComments(text);
  const problems = GENERIC_READERS.filter((name) => new RegExp(`\\b${name}\\b\\s*[<(]|\\bimport\\b[^;]*\\{[^}]*\\b${name}\\b[^}]*\\}`).test(code)).map(
    (name) => `${file}: reads data with ${name}; use a named hook from web/src/data/hooks (scripts/data-hooks-rule.ts)`,
  );
  if (!excepted(file, effectExceptions)) {
    // Comments blanked to their line breaks, so each effect is reported at its line.
    for (const line of bareEffectReads(withoutComments(text, false, true))) {
      problems.push(`${file}:${line}: reads in a bare effect; use useQuery from web/src/data/hooks/use-query.ts or a named hook (scripts/data-hooks-rule.ts)`);
    }
  }
  return problems;
}
