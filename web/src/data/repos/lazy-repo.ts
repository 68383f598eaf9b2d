// A repository loaded on its first call. The admins' online repositories are no part of the first
// screen (app-shell budget, ADR 040), and every member of theirs is an async function, so a call
// can wait for the module as well as for the server.
type AsyncRepo = Record<string, (...args: never[]) => Promise<unknown>>;

export function lazyRepo<T extends object>(load: () => Promise<T>): T {
  let repo: Promise<T> | null = null;
  return new Proxy({} as T, {
    get(_target, name) {
      // Not a thenable: `await repo` must not call it.
      if (typeof name !== 'string' || name === 'then') return undefined;
      return (...args: never[]) => (repo ??= load()).then((r) => (r as unknown as AsyncRepo)[name]!(...args));
    },
  });
}
