// Shared by the data-layer integration tests: a browser-like client (cookie jar for the
// refresh cookie, a switch to go offline) around the real data layer on memory PouchDB.
import PouchDB from 'pouchdb-core';
import memory from 'pouchdb-adapter-memory';
import http from 'pouchdb-adapter-http';
import replication from 'pouchdb-replication';
import { createDataLayer } from '../../web/src/data/index.ts';
import type { DataLayer, DataLayerOptions } from '../../web/src/data/index.ts';
import type { PouchConstructor } from '../../web/src/data/pouch.ts';
import type { StorageLike } from '../../web/src/data/storage.ts';
import { signupBody } from './helpers/accounts.ts';

PouchDB.plugin(memory).plugin(http).plugin(replication);
export const MemoryPouch = PouchDB as unknown as PouchConstructor;

export interface BrowserNet {
  fetch: typeof fetch;
  offline: boolean;
  /** Every request, in order: `GET /db/catalog/_changes`. */
  requests: string[];
  /** Every answer, in order: `401 GET /db/members/_changes`. */
  answers: string[];
  cookie: string | null;
  /** Replaces the bearer token of the next n /db requests with one the server refuses. */
  spoilTokens: number;
}

/** A fetch that keeps the refresh cookie like a browser does, and can be cut off. */
export function browserNet(): BrowserNet {
  const net: BrowserNet = {
    offline: false,
    requests: [],
    answers: [],
    cookie: null,
    spoilTokens: 0,
    fetch: async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const line = `${init?.method ?? 'GET'} ${new URL(url).pathname}`;
      net.requests.push(line);
      if (net.offline) throw new TypeError('fetch failed');
      const headers = new Headers(init?.headers);
      if (net.cookie && new URL(url).pathname.startsWith('/api/auth')) headers.set('cookie', net.cookie);
      if (net.spoilTokens > 0 && headers.has('authorization') && new URL(url).pathname.startsWith('/db/')) {
        net.spoilTokens--;
        headers.set('authorization', 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.c3BvaWxlZA');
      }
      const res = await fetch(input, { ...init, headers }).catch((err: Error) => {
        err.message += ` (${init?.method ?? 'GET'} ${new URL(url).pathname})`;
        throw err;
      });
      net.answers.push(`${res.status} ${line}`);
      for (const cookieLine of res.headers.getSetCookie()) {
        const m = /^fete_refresh=([^;]*)/.exec(cookieLine);
        if (m) net.cookie = m[1] ? `fete_refresh=${m[1]}` : null;
      }
      return res;
    },
  };
  return net;
}

export function memoryStorage(): StorageLike & { keys(): string[] } {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k), keys: () => [...map.keys()] };
}

let devices = 0;

export interface Client {
  data: DataLayer;
  net: BrowserNet;
  window: EventTarget;
  prefix: string;
}

/** One browser tab. Tabs of one device share `prefix` (their local databases) and `net`. */
export function openClient(origin: string, opts: Partial<DataLayerOptions> & { net?: BrowserNet; prefix?: string } = {}): Client {
  const net = opts.net ?? browserNet();
  const prefix = opts.prefix ?? `dev${process.pid}x${++devices}`;
  const window = new EventTarget();
  const data = createDataLayer({
    origin,
    PouchDB: MemoryPouch,
    adapter: 'memory',
    fetch: net.fetch,
    storage: memoryStorage(),
    channel: null,
    env: { window, document: null },
    maxBackOffMs: 1000,
    log: process.env.DEBUG_DATA ? (m: string, e?: unknown) => console.error('[data]', m, e) : () => undefined,
    ...opts,
    prefix,
  });
  return { data, net, window, prefix };
}

export async function signUpClient(client: Client): Promise<{ userId: string; email: string; password: string }> {
  const body = signupBody();
  const grant = await client.data.signUp(body);
  return { userId: grant.user.id, email: body.email, password: body.password };
}

export async function waitFor<T>(probe: () => Promise<T | undefined | null | false> | T | undefined | null | false, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
