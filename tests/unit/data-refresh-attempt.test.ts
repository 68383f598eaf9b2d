import { describe, expect, it } from 'vitest';
import { AuthError, createAuthApi } from '../../web/src/data/auth-api.ts';
import type { StorageLike } from '../../web/src/data/storage.ts';

function memoryStorage(): StorageLike & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

const grant = { access_token: 'a.b.c', expires_at: 2_000_000_000, user: { id: 'u1' } };

describe('refresh attempt id', () => {
  it('a refresh that got no answer is retried with the same attempt id, even after a restart; an answer ends it', async () => {
    const storage = memoryStorage();
    const sent: (string | null)[] = [];
    let answer: 'none' | 'ok' | 'refused' = 'none';
    const fetch = (async (_url: string | URL | Request, init?: RequestInit) => {
      sent.push(new Headers(init?.headers).get('x-refresh-attempt'));
      if (answer === 'none') throw new TypeError('fetch failed');
      return answer === 'ok' ? Response.json(grant) : Response.json({ error: 'refresh_reused', message: 'Please sign in again' }, { status: 401 });
    }) as typeof globalThis.fetch;

    const first = createAuthApi({ origin: 'http://fete.test', fetch, storage, attemptKey: 'k' });
    await expect(first.refresh()).rejects.toBeInstanceOf(AuthError);
    // The app starts again: the same attempt is sent.
    const second = createAuthApi({ origin: 'http://fete.test', fetch, storage, attemptKey: 'k' });
    answer = 'ok';
    await expect(second.refresh()).resolves.toMatchObject({ user: { id: 'u1' } });
    expect(sent[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[1]).toBe(sent[0]);
    expect(storage.map.has('k')).toBe(false);

    // The next refresh is a new attempt; a refusal ends it too.
    answer = 'refused';
    await expect(second.refresh()).rejects.toMatchObject({ status: 401 });
    expect(sent[2]).not.toBe(sent[0]);
    expect(storage.map.has('k')).toBe(false);
  });
});
