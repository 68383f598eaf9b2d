// One process per data folder. LevelDB locks each store it opens; a second
// Fete process on the same DATA_DIR used to meet that lock deep inside the first database it
// opened, log a storage error and exit 0. Instead, the engine takes a store of its own first and
// keeps it open while it runs: the kernel's lock goes with the process, even a killed one.
import { createRequire } from 'node:module';
import path from 'node:path';

interface RawLevel {
  open(opts: { createIfMissing: boolean }, cb: (err?: Error) => void): void;
  close(cb: (err?: Error) => void): void;
}

const require = createRequire(import.meta.url);
const leveldown = require('leveldown') as (location: string) => RawLevel;

export class DataDirInUseError extends Error {
  readonly dataDir: string;
  constructor(dataDir: string) {
    super(`${dataDir} is in use by another Fete process. Stop that one, or give this one another DATA_DIR.`);
    this.name = 'DataDirInUseError';
    this.dataDir = dataDir;
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

/** Holds `dataDir` for this process; a DataDirInUseError when another process holds it. */
export async function holdDataDir(dataDir: string, couchDir: string): Promise<DataDirLock> {
  const store = leveldown(path.join(couchDir, '_process-lock'));
  await new Promise<void>((resolve, reject) => {
    store.open({ createIfMissing: true }, (err) => {
      if (!err) return resolve();
      // LevelDB says "IO error: lock …/LOCK: Resource temporarily unavailable" (or "already held by process").
      reject(/\bLOCK\b|lock/.test(err.message) ? new DataDirInUseError(dataDir) : err);
    });
  });
  let released: Promise<void> | null = null;
  return {
    release() {
      released ??= new Promise<void>((resolve) => store.close(() => resolve()));
      return released;
    },
  };
}
