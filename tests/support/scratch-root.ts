// Where test runs keep files they throw away afterwards: in memory (/dev/shm) when the machine
// has one we may write to, else the usual temporary folder. A disk write there costs an fsync
// or a page-cache flush for nothing (ADR 051).
import { accessSync, constants, existsSync } from 'node:fs';
import os from 'node:os';

export function scratchRoot(inMemory = true): string {
  if (inMemory && existsSync('/dev/shm')) {
    try {
      accessSync('/dev/shm', constants.W_OK);
      return '/dev/shm';
    } catch {
      // read-only: the disk it is
    }
  }
  return os.tmpdir();
}
