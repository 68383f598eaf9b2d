// LevelDB with a net under its callbacks. PouchDB's LevelDB adapter does its work in callbacks
// that the native binding calls with no JavaScript frame below them, so an exception PouchDB
// throws there (a corrupt revision tree did; ADR 012) reaches no try/catch and ends the process.
// This factory, given to PouchDB as its `db` option, wraps every callback handed to LevelDB
// (database, iterator and chained batch alike) in a try/catch that reports the error, with the
// LevelDB directory it came from, to `onFault`. The registry then fails that database's requests
// and reopens it (ADR 012). The callback chain that threw is abandoned, as it would have been.
import { createRequire } from 'node:module';

export type StorageFault = (location: string, err: unknown) => void;

type Factory = ((location: string) => object) & { destroy?: unknown; repair?: unknown };

const require = createRequire(import.meta.url);
const leveldown = require('leveldown') as Factory;

/** Methods whose result is itself an object with callback methods. */
const RETURNS_GUARDED = new Set(['iterator', 'batch']);

function guardCallback(cb: (...args: unknown[]) => unknown, report: (err: unknown) => void) {
  return function guarded(this: unknown, ...args: unknown[]) {
    try {
      return cb.apply(this, args);
    } catch (err) {
      report(err);
      return undefined;
    }
  };
}

function guardObject<T extends object>(target: T, report: (err: unknown) => void): T {
  const proxy: T = new Proxy(target, {
    get(t, prop) {
      const value: unknown = Reflect.get(t, prop, t);
      if (typeof value !== 'function' || prop === 'constructor') return value;
      const method = value as (...args: unknown[]) => unknown;
      return (...args: unknown[]) => {
        const last = args.length - 1;
        if (last >= 0 && typeof args[last] === 'function') {
          args[last] = guardCallback(args[last] as (...a: unknown[]) => unknown, report);
        }
        const out = method.apply(t, args);
        // A chained batch returns itself from put/del: keep the caller on the guarded side.
        if (out === t) return proxy;
        if (typeof prop === 'string' && RETURNS_GUARDED.has(prop) && typeof out === 'object' && out !== null) {
          return guardObject(out, report);
        }
        return out;
      };
    },
  });
  return proxy;
}

/**
 * A leveldown-compatible factory whose stores report callback exceptions to `onFault`. Its
 * name keys PouchDB's cache of open stores, and shows as `backend_adapter` in PouchDB's info.
 */
export type GuardedFactory = Factory & {
  /** The open store PouchDB made at `location`, for the engine's direct reads (fast-find-reads.ts). */
  storeAt(location: string): object | undefined;
};

export function guardedLeveldown(onFault: StorageFault): GuardedFactory {
  // Weakly held, and forgotten once collected: a server opens and closes thousands of databases.
  const latest = new Map<string, WeakRef<object>>();
  const forget = new FinalizationRegistry<{ location: string; ref: WeakRef<object> }>(({ location, ref }) => {
    if (latest.get(location) === ref) latest.delete(location);
  });
  const factory = function LevelDOWN(location: string) {
    const store = guardObject(leveldown(location), (err) => onFault(location, err));
    const ref = new WeakRef(store);
    latest.set(location, ref);
    forget.register(store, { location, ref });
    return store;
  } as GuardedFactory;
  factory.destroy = leveldown.destroy;
  factory.repair = leveldown.repair;
  factory.storeAt = (location) => latest.get(location)?.deref();
  return factory;
}
