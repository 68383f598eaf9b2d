// Shared by the data-layer unit tests: PouchDB as the browser build has it, on memory.
import PouchDB from 'pouchdb-core';
import memory from 'pouchdb-adapter-memory';
import http from 'pouchdb-adapter-http';
import replication from 'pouchdb-replication';
import type { PouchConstructor } from '../../web/src/data/pouch.ts';
import { createDbFactory } from '../../web/src/data/local-dbs.ts';
import { openMemberSpace } from '../../web/src/data/member-space.ts';
import type { MemberSpace } from '../../web/src/data/member-space.ts';
import { createRepositories } from '../../web/src/data/repos/index.ts';
import type { Repositories } from '../../web/src/data/repos/index.ts';
import { memoryStorage } from './memory-storage.ts';

PouchDB.plugin(memory).plugin(http);
// The unit files share one module cache (vitest.config.ts: isolate off), in which this file may be
// evaluated again over the same pouchdb-core: replication defines `replicate` once, for good.
if (!Object.getOwnPropertyDescriptor(PouchDB.prototype, 'replicate')) PouchDB.plugin(replication);
export const MemoryPouch = PouchDB as unknown as PouchConstructor;

let seq = 0;

/** Repositories over fresh memory databases; `signIn` opens a member's space. */
export function repoEnv(now: Date = new Date('2026-11-21T12:00:00Z')) {
  const prefix = `unit-${process.pid}-${++seq}`;
  const factory = createDbFactory({ PouchDB: MemoryPouch, adapter: 'memory', origin: 'http://127.0.0.1:9', fetch: globalThis.fetch, prefix });
  const catalog = factory.local(factory.catalogName());
  let member: MemberSpace | null = null;
  let isAdmin = false;
  const clock = { now };
  const storage = memoryStorage();
  const repos: Repositories = createRepositories({
    catalog: () => catalog,
    catalogRemote: () => catalog, // catalog writes land locally in unit tests
    afterCatalogWrite: async () => undefined,
    memberKey: (userId, what) => `${prefix}-u-${userId}-${what}`,
    now: () => clock.now,
    member: () => (member ? { userId: member.userId, isAdmin, dbs: member.dbs, write: member.write } : null),
    // Admin screens talk to the server: unit tests of them use the integration harness instead.
    remote: (name) => factory.local(`${prefix}-remote-${name}`),
    afterMembersWrite: async () => undefined,
    api: () => Promise.reject(new Error('no server in unit tests')),
    storage: () => storage,
  });
  return {
    repos,
    catalog,
    clock,
    /** The device's localStorage of this env (drafts, written-ahead submissions). */
    storage,
    prefix,
    signIn(userId: string, admin = false) {
      isAdmin = admin;
      member = openMemberSpace({ factory, userId, onOutboxChange: () => undefined });
      return member;
    },
    get member() {
      return member;
    },
    async destroy() {
      await catalog.destroy();
      if (member) for (const db of [member.dbs.members, member.dbs.chat, member.dbs.userdb]) await db.destroy();
    },
  };
}
