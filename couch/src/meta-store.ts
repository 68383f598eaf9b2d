// The server's own bookkeeping, in a PouchDB that no URL can reach: which databases exist and
// their `_security`. Keeping this outside the databases means no document write, replicated or
// not, can ever change who may read a database. Everything is loaded into memory at start.
import path from 'node:path';
import { PouchDB, type Pouch } from './pouch.ts';
import type { SecurityObject } from '../../design-docs/src/databases.ts';

interface DbRecordDoc {
  _id: string;
  _rev?: string;
  security: SecurityObject | null;
  created_at: string;
}

interface ServerDoc {
  _id: 'server';
  _rev?: string;
  uuid: string;
}

export interface DbRecord {
  security: SecurityObject | null;
  rev: string;
}

const DB_PREFIX = 'db:';

export class MetaStore {
  private readonly pouch: Pouch;
  private readonly records = new Map<string, DbRecord>();
  /** Serialises writes so two `_security` updates cannot conflict on the same record. */
  private queue: Promise<unknown> = Promise.resolve();
  uuid = '';

  private constructor(pouch: Pouch) {
    this.pouch = pouch;
  }

  static async open(couchDir: string, levelOptions: Record<string, unknown>): Promise<MetaStore> {
    // A leading underscore can never be a valid database name, so this cannot collide.
    const pouch = new PouchDB(path.join(couchDir, '_meta'), { adapter: 'leveldb', ...levelOptions });
    const store = new MetaStore(pouch);
    await store.load();
    return store;
  }

  private async load(): Promise<void> {
    const all = await this.pouch.allDocs({ include_docs: true });
    for (const row of all.rows) {
      const doc = row.doc as unknown as DbRecordDoc | ServerDoc | undefined;
      if (!doc) continue;
      if (doc._id === 'server') this.uuid = (doc as ServerDoc).uuid;
      else if (doc._id.startsWith(DB_PREFIX)) {
        const rec = doc as DbRecordDoc;
        this.records.set(doc._id.slice(DB_PREFIX.length), { security: rec.security ?? null, rev: rec._rev ?? '' });
      }
    }
    if (!this.uuid) {
      const uuid = crypto.randomUUID().replace(/-/g, '');
      await this.pouch.put({ _id: 'server', uuid });
      this.uuid = uuid;
    }
  }

  has(db: string): boolean {
    return this.records.has(db);
  }

  get(db: string): DbRecord | undefined {
    return this.records.get(db);
  }

  names(): string[] {
    return [...this.records.keys()].sort();
  }

  add(db: string): Promise<void> {
    return this.serial(async () => {
      const doc: DbRecordDoc = { _id: DB_PREFIX + db, security: null, created_at: new Date().toISOString() };
      const res = await this.pouch.put(doc as unknown as Parameters<Pouch['put']>[0]);
      this.records.set(db, { security: null, rev: res.rev });
    });
  }

  setSecurity(db: string, security: SecurityObject): Promise<void> {
    return this.serial(async () => {
      const rec = this.records.get(db);
      if (!rec) throw new Error(`no record for ${db}`);
      const doc = { _id: DB_PREFIX + db, _rev: rec.rev, security, created_at: new Date().toISOString() };
      const res = await this.pouch.put(doc);
      this.records.set(db, { security, rev: res.rev });
    });
  }

  remove(db: string): Promise<void> {
    return this.serial(async () => {
      const rec = this.records.get(db);
      if (!rec) return;
      await this.pouch.put({ _id: DB_PREFIX + db, _rev: rec.rev, _deleted: true });
      this.records.delete(db);
    });
  }

  close(): Promise<void> {
    return this.serial(() => this.pouch.close());
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.queue.then(fn, fn);
    this.queue = next.catch(() => undefined);
    return next;
  }
}
