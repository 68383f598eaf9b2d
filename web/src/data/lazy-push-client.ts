import type { PushClient } from './push-client.ts';

/** The push client, loaded on first use: the first screen never needs it (app-shell budget, ADR 040). */
export function lazyPushClient(load: () => Promise<PushClient>): PushClient {
  let client: Promise<PushClient> | null = null;
  const get = () => (client ??= load());
  return {
    state: async () => (await get()).state(),
    enable: async () => (await get()).enable(),
    disable: async () => (await get()).disable(),
    endpoint: async () => (await get()).endpoint(),
    resync: async () => (await get()).resync(),
    forget: async () => (await get()).forget(),
  };
}
