// Shared set-up for the embedded CouchDB tests: a server in a temp dir, a stub authenticator,
// and PouchDB clients (memory adapter) whose HTTP goes straight into `couch.fetch`.
import { createRequire } from 'node:module';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { UserCtx } from '../../../design-docs/src/databases.ts';
import { createEmbeddedCouch, type EmbeddedCouch, type EmbeddedCouchOptions } from '../../../couch/src/embedded.ts';
import { scratchRoot } from '../../support/scratch-root.ts';

/** 'Bearer <name>:<role1,role2>' → userCtx; anything else that is not a bearer is a bad token. */
export async function stubAuthenticate(header: string | null): Promise<UserCtx> {
  if (header === null) return { name: null, roles: [] };
  const m = /^Bearer ([^:\s]+):(\S*)$/.exec(header);
  if (!m) throw new Error('The access token is not valid');
  return { name: m[1] as string, roles: m[2] ? (m[2] as string).split(',') : [] };
}

export const ADMIN = 'Bearer fete-server:_admin';
export const bearer = (name: string, ...roles: string[]) => `Bearer ${name}:${roles.join(',')}`;
export const ORIGIN = 'http://couch.test';

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestCouch {
  couch: EmbeddedCouch;
  dataDir: string;
  /** One JSON request; `auth` null means anonymous. */
  req<T = any>(method: string, p: string, opts?: { auth?: string | null; body?: unknown; raw?: string; signal?: AbortSignal }): Promise<Answer<T>>;
  reopen(): Promise<void>;
  close(): Promise<void>;
}

export async function startCouch(extra: Partial<EmbeddedCouchOptions> = {}): Promise<TestCouch> {
  const dataDir = await mkdtemp(path.join(scratchRoot(), 'fete-couch-test-'));
  const make = () => createEmbeddedCouch({ dataDir, authenticate: stubAuthenticate, ...extra });
  const t: TestCouch = {
    couch: await make(),
    dataDir,
    async req(method, p, opts = {}) {
      const headers: Record<string, string> = { accept: 'application/json' };
      const auth = opts.auth === undefined ? ADMIN : opts.auth;
      if (auth !== null) headers.authorization = auth;
      let body: string | undefined;
      if (opts.raw !== undefined) body = opts.raw;
      else if (opts.body !== undefined) body = JSON.stringify(opts.body);
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await t.couch.fetch(new Request(ORIGIN + p, { method, headers, body, signal: opts.signal }));
      const text = await res.text();
      let parsed: unknown = null;
      if (text.trim()) parsed = JSON.parse(text);
      return { status: res.status, body: parsed as any, headers: res.headers };
    },
    async reopen() {
      await t.couch.close();
      t.couch = await make();
    },
    async close() {
      await t.couch.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return t;
}

// ---- PouchDB clients ----

export interface ClientDb {
  name: string;
  put(doc: object): Promise<{ id: string; rev: string }>;
  get(id: string, opts?: object): Promise<any>;
  remove(doc: object): Promise<any>;
  bulkDocs(docs: object[], opts?: object): Promise<any[]>;
  allDocs(opts?: object): Promise<{ rows: any[]; total_rows: number }>;
  info(): Promise<any>;
  changes(opts: object): any;
  destroy(): Promise<void>;
  close(): Promise<void>;
}

export interface ReplicationResult {
  ok: boolean;
  docs_read: number;
  docs_written: number;
  doc_write_failures: number;
  errors: any[];
}

interface ClientPouch {
  new (name: string, opts?: object): ClientDb;
  plugin(p: unknown): ClientPouch;
  replicate(src: ClientDb, target: ClientDb, opts?: object): PromiseLike<ReplicationResult> & {
    on(ev: string, fn: (x: any) => void): unknown;
    cancel(): void;
  };
}

const require = createRequire(import.meta.url);
export const ClientPouchDB = (require('pouchdb-node') as ClientPouch).plugin(require('pouchdb-adapter-memory'));

let clientCounter = 0;
export function memoryDb(label = 'client'): ClientDb {
  return new ClientPouchDB(`${label}-${process.pid}-${++clientCounter}-${Date.now()}`, { adapter: 'memory' });
}

/** PouchDB's HTTP adapter pointed at the embedded server, without a socket. */
export function remoteDb(t: TestCouch, db: string, auth: string | null): ClientDb {
  return new ClientPouchDB(`${ORIGIN}/${db}`, {
    skip_setup: true,
    fetch: (url: string, init: RequestInit & { headers?: unknown } = {}) => {
      const headers = new Headers();
      const h = init.headers as { forEach?: (fn: (v: string, k: string) => void) => void } | undefined;
      h?.forEach?.((v, k) => headers.set(k, v));
      if (auth) headers.set('authorization', auth);
      return t.couch.fetch(new Request(url, { method: init.method, headers, body: init.body, signal: init.signal }));
    },
  });
}

export async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A public `catalog`-like database with the given validate_doc_update installed. */
export async function provision(t: TestCouch, db: string, security: object, vdu?: string): Promise<void> {
  expectOk(await t.req('PUT', `/${db}`), `create ${db}`);
  expectOk(await t.req('PUT', `/${db}/_security`, { body: security }), `security of ${db}`);
  if (vdu) expectOk(await t.req('PUT', `/${db}/_design/rules`, { body: { validate_doc_update: vdu } }), 'ddoc');
}

function expectOk(a: Answer, what: string): void {
  if (a.status >= 300) throw new Error(`${what}: ${a.status} ${JSON.stringify(a.body)}`);
}

export const PUBLIC = { admins: { names: [], roles: [] }, members: { names: [], roles: [] } };
export const MEMBERS_ONLY = { admins: { names: [], roles: [] }, members: { names: [], roles: ['member'] } };
