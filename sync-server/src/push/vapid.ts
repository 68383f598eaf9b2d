// The server's VAPID identity (RFC 8292): one P-256 key pair that push services see on every
// request. From the environment when set (several servers must share one pair: a browser's
// subscription is bound to the public key it was made with), else generated once into
// DATA_DIR and kept there, readable by this user only.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../config.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const FILE = 'vapid.json';

function isKeyPair(v: unknown): v is { publicKey: string; privateKey: string } {
  const o = v as { publicKey?: unknown; privateKey?: unknown } | null;
  return typeof o?.publicKey === 'string' && /^[A-Za-z0-9_-]{87}$/.test(o.publicKey) && typeof o.privateKey === 'string' && /^[A-Za-z0-9_-]{43}$/.test(o.privateKey);
}

export async function loadVapidKeys(config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'SUPPORT_EMAIL' | 'dataDir'>): Promise<VapidKeys> {
  const subject = config.VAPID_SUBJECT ?? `mailto:${config.SUPPORT_EMAIL}`;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  const file = path.join(config.dataDir, FILE);
  try {
    const kept: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (isKeyPair(kept)) return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
    throw new Error(`${file} does not hold a VAPID key pair; remove it to make a new one (every device then subscribes again)`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const made = webpush.generateVAPIDKeys();
  try {
    // 'wx': a pair another server wrote meanwhile into a shared DATA_DIR is kept, not overwritten.
    await writeFile(file, JSON.stringify({ publicKey: made.publicKey, privateKey: made.privateKey }), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return loadVapidKeys(config);
    throw err;
  }
  return { publicKey: made.publicKey, privateKey: made.privateKey, subject };
}
