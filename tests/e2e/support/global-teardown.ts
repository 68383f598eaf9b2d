import { rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { INFO_FILE, serverInfo } from './server-info.ts';

export default async function globalTeardown(): Promise<void> {
  if (!existsSync(INFO_FILE)) return;
  const { dataDir } = serverInfo();
  await rm(dataDir, { recursive: true, force: true });
  await rm(INFO_FILE, { force: true });
}
