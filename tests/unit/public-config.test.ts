// The app's copy of the server's public settings (ADR 019): the server's answer when it is
// reachable, kept for offline use; the stored copy offline; the default before any answer;
// an answer that does not fit the schema is ignored.
import { describe, expect, it } from 'vitest';
import { createPublicConfig, PUBLIC_CONFIG_KEY } from '../../web/src/data/public-config.ts';

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k), m };
}

const answer = (body: unknown, status = 200): typeof fetch => async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const offline: typeof fetch = async () => {
  throw new TypeError('Failed to fetch');
};

describe('public config', () => {
  it('asks the server and keeps its answer', async () => {
    const storage = memoryStorage();
    const urls: string[] = [];
    const client = createPublicConfig({
      origin: 'http://fete.test',
      fetch: async (input, init) => {
        urls.push(String(input));
        return answer({ support_email: 'help@carnival.example' })(input, init);
      },
      storage,
    });
    expect(await client.get()).toEqual({ support_email: 'help@carnival.example' });
    expect(urls).toEqual(['http://fete.test/api/config']);
    expect(JSON.parse(storage.getItem(PUBLIC_CONFIG_KEY)!)).toEqual({ support_email: 'help@carnival.example' });
  });

  it('offline, answers with the stored copy', async () => {
    const storage = memoryStorage();
    storage.setItem(PUBLIC_CONFIG_KEY, JSON.stringify({ support_email: 'kept@carnival.example' }));
    const client = createPublicConfig({ origin: '', fetch: offline, storage });
    expect((await client.get()).support_email).toBe('kept@carnival.example');
  });

  it('with nothing stored and no server, answers with the server default', async () => {
    const client = createPublicConfig({ origin: '', fetch: offline, storage: memoryStorage() });
    expect((await client.get()).support_email).toBe('support@fete.app');
  });

  it('ignores an answer or a stored copy that does not fit', async () => {
    const storage = memoryStorage();
    storage.setItem(PUBLIC_CONFIG_KEY, '{"support_email":"not an address"}');
    const client = createPublicConfig({ origin: '', fetch: answer({ support_email: 42 }), storage });
    expect((await client.get()).support_email).toBe('support@fete.app');
    expect(storage.getItem(PUBLIC_CONFIG_KEY)).toBe('{"support_email":"not an address"}');
  });
});
