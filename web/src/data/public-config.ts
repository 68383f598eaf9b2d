// The server's public settings (GET /api/config, ADR 019): today the support address printed on
// receipts. They are the same for everyone and hold nothing personal, so the last answer is
// kept in localStorage for offline use and survives sign-out; before any answer, the server's
// default applies.
import { DEFAULT_SUPPORT_EMAIL } from '../../../design-docs/src/constants.ts';
import type { PublicConfig } from '../../../design-docs/src/schemas/api.ts';
import { defaultStorage } from './storage.ts';
import type { StorageLike } from './storage.ts';

export const PUBLIC_CONFIG_KEY = 'fete-public-config';
const FETCH_TIMEOUT_MS = 5000;

export interface PublicConfigClient {
  /** The freshest known answer: the server's when reachable, else the stored copy, else the default. */
  get(): Promise<PublicConfig>;
}

export const DEFAULT_PUBLIC_CONFIG: PublicConfig = { support_email: DEFAULT_SUPPORT_EMAIL };

export function createPublicConfig(opts: { origin: string; fetch: typeof fetch; storage?: StorageLike | null }): PublicConfigClient {
  const storage = opts.storage === undefined ? defaultStorage() : opts.storage;
  // Zod only loads when an answer is checked, so the app shell stays without it.
  const parse = async (value: unknown): Promise<PublicConfig | null> => {
    const { publicConfigSchema } = await import('../../../design-docs/src/schemas/api.ts');
    const res = publicConfigSchema.safeParse(value);
    return res.success ? res.data : null;
  };
  let asked: Promise<PublicConfig | null> | null = null;

  async function stored(): Promise<PublicConfig | null> {
    try {
      const raw = storage?.getItem(PUBLIC_CONFIG_KEY);
      return raw ? await parse(JSON.parse(raw)) : null;
    } catch {
      return null;
    }
  }

  async function ask(): Promise<PublicConfig | null> {
    try {
      const res = await opts.fetch(`${opts.origin}/api/config`, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      if (!res.ok) return null;
      const config = await parse(await res.json());
      if (config) storage?.setItem(PUBLIC_CONFIG_KEY, JSON.stringify(config));
      return config;
    } catch {
      return null; // offline: the stored copy answers
    }
  }

  return {
    async get() {
      // Once per page load: the settings change only with a server restart.
      asked ??= ask().then((answer) => {
        if (!answer) asked = null;
        return answer;
      });
      return (await asked) ?? (await stored()) ?? DEFAULT_PUBLIC_CONFIG;
    },
  };
}
