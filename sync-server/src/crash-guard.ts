// The last line of defence for a storage layer that throws (ADR 012). PouchDB's LevelDB
// adapter runs its work in storage callbacks; when one of them throws (a revision tree it cannot
// read), the error reaches no promise and no request: Node would end the process, and every
// member with it.
// Errors thrown from the storage libraries are logged loudly and the process keeps serving (the
// request that started the work is answered by the embedded server's time budget); any other
// uncaught error still ends the process, because its state can no longer be trusted.
import type { Logger } from './log.ts';

const STORAGE_FRAMES = /node_modules[\\/](pouchdb-[a-z-]+|leveldown|levelup|level-[a-z-]+|sublevel-pouchdb|abstract-leveldown|deferred-leveldown)[\\/]/;

export function isStorageError(err: unknown): boolean {
  const stack = err instanceof Error ? (err.stack ?? '') : '';
  // The first frames say where it was thrown; a handler of ours further down does not count.
  const top = stack.split('\n').slice(1, 4).join('\n');
  return STORAGE_FRAMES.test(top);
}

export function installCrashGuard(log: Logger): void {
  process.on('uncaughtException', (err, origin) => {
    if (isStorageError(err)) {
      log('error', `STORAGE ERROR outside any request (${origin}); the process keeps serving`, err);
      return;
    }
    log('error', `uncaught ${origin}; stopping`, err);
    process.exit(1);
  });
}
