// Where the e2e server runs: global setup writes it, the fixtures read it.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface E2eServerInfo {
  url: string;
  dataDir: string;
  pid: number;
  /**
   * A Chromium profile that has opened the app once as a visitor: service worker installed, shell
   * precached, catalogue replicated. Tests start from a copy of it unless they ask for a fresh one.
   */
  warmProfile: string;
}

export const INFO_FILE = path.join(os.tmpdir(), `fete-e2e-${process.env.FETE_E2E_RUN ?? 'default'}.json`);

export function serverInfo(): E2eServerInfo {
  return JSON.parse(readFileSync(INFO_FILE, 'utf8')) as E2eServerInfo;
}
