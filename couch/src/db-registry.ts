// Which databases exist, and the open PouchDB for each. A database exists only if the meta store
// says so: PouchDB's LevelDB adapter creates a directory for any name it is asked to open, so we
// never open a name that was not created through `PUT /{db}`. Open databases are cached and the
// least recently used idle ones are closed past `maxOpen`, because each holds LevelDB caches and
// file descriptors.
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { ChangesHub } from './changes.ts';
import { CouchError, dbNotFound } from './errors.ts';
import type { MetaStore } from './meta-store.ts';
import { PouchDB, type ChangeRow, type Pouch } from './pouch.ts';
import { MAX_REV_POS } from './limits.ts';
import type { CompiledVdu } from './validate.ts';

export interface DbHandle {
  readonly name: string;
  readonly pouch: Pouch;
  readonly hub: ChangesHub;
  /** The database's validate_doc_update functions; null until first needed, reset on a design doc change. */
  validators: Promise<{ id: string; vdu: CompiledVdu }[]> | null;
  /** Writes of one database run one at a time, so a validation and its write see the same state. */
  writeQueue: Promise<unknown>;
  /** Tells `_db_updates` listeners; called once per successful write request. */
  onWrite: () => void;
  refs: number;
  lastUsed: number;
}

export interface RegistryOptions {
  couchDir: string;
  levelOptions: Record<string, unknown>;
  maxOpen: number;
  log: (level: 'debug' | 'info' | 'warn' | 'error', msg: string, extra?: unknown) => void;
  onWrite: (db: string) => void;
}

/** CouchDB's rule for database names. */
export const DB_NAME_RE = /^[a-z][a-z0-9_$()+/-]*$/;

/** Directory name on disk; escapes `/` and friends so a name can never leave couchDir. */
function dirName(db: string): string {
  return db.replace(/[^a-z0-9_-]/g, (c) => '%' + c.charCodeAt(0).toString(16).padStart(2, '0'));
}

export class DbRegistry {
  private readonly opts: RegistryOptions;
  readonly meta: MetaStore;
  private readonly open = new Map<string, Promise<DbHandle>>();
  /** The settled subset of `open`: the only handles eviction may look at. */
  private readonly handles = new Map<string, DbHandle>();
  private readonly closing = new Map<string, Promise<void>>();
  /** Databases found holding revisions the storage cannot handle: never opened again by this process. */
  private readonly quarantined = new Map<string, string[]>();
  private closed = false;

  constructor(meta: MetaStore, opts: RegistryOptions) {
    this.meta = meta;
    this.opts = opts;
  }

  exists(db: string): boolean {
    return this.meta.has(db);
  }

  get quarantine(): QuarantineList {
    return this.quarantined;
  }

  get openCount(): number {
    return this.open.size;
  }

  /** Waiting longpolls over all open databases, for stats and tests. */
  async waiting(): Promise<number> {
    let n = 0;
    for (const p of this.open.values()) n += (await p.catch(() => null))?.hub.waiting ?? 0;
    return n;
  }

  /** Runs `fn` with the open database, keeping it open (not evictable) until `fn` settles. */
  async use<T>(db: string, fn: (h: DbHandle) => Promise<T>): Promise<T> {
    const h = await this.acquire(db);
    try {
      return await fn(h);
    } finally {
      this.release(h);
    }
  }

  /** For work that outlives its handler (a streamed longpoll): pair with `release`. */
  retain(h: DbHandle): void {
    h.refs++;
  }

  release(h: DbHandle): void {
    h.refs--;
    h.lastUsed = Date.now();
    if (this.open.size > this.opts.maxOpen) this.evict();
  }

  private async acquire(db: string): Promise<DbHandle> {
    if (this.closed) throw shuttingDown();
    if (!this.exists(db)) throw dbNotFound();
    if (this.quarantined.has(db)) throw quarantinedError(db);
    const ready = this.handles.get(db);
    if (ready) {
      ready.refs++;
      return ready;
    }
    let p = this.open.get(db);
    if (!p) {
      const opening = this.openDb(db);
      p = opening;
      this.open.set(db, opening);
      opening.catch(() => {
        if (this.open.get(db) === opening) this.open.delete(db);
      });
    }
    const h = await p;
    // Deleted or shut down while we were opening it.
    if (this.open.get(db) !== p) throw this.closed ? shuttingDown() : dbNotFound();
    // Counted in the same tick it becomes visible to eviction, so it cannot be closed under us.
    h.refs++;
    this.handles.set(db, h);
    return h;
  }

  private async openDb(db: string): Promise<DbHandle> {
    await this.closing.get(db);
    const pouch = new PouchDB(this.pathOf(db), { adapter: 'leveldb', ...this.opts.levelOptions });
    await pouch.info();
    const poisoned = await poisonedIds(pouch);
    if (poisoned.length > 0) {
      // Reading these documents' changes throws inside LevelDB callbacks, out of any request's
      // reach, so the database is kept closed until an operator repairs it (docs/operations.md).
      await pouch.close().catch(() => undefined);
      this.quarantined.set(db, poisoned);
      this.opts.log(
        'error',
        `QUARANTINED database ${db}: documents ${poisoned.slice(0, 10).join(', ')}${poisoned.length > 10 ? ` and ${poisoned.length - 10} more` : ''} ` +
          `carry revision positions above ${MAX_REV_POS}, which the storage cannot handle. Requests to ${db} answer 503 ` +
          'until it is repaired; see docs/operations.md, "A quarantined database".',
      );
      throw quarantinedError(db);
    }
    let handle: DbHandle | null = null;
    const onChange = (row: ChangeRow) => {
      // Index definitions are written by pouchdb-find outside our write path.
      if (handle && row.id.startsWith('_design/')) handle.validators = null;
    };
    const onError = (err: unknown) => this.opts.log('warn', `live changes failed for ${db}`, err);
    handle = {
      name: db,
      pouch,
      hub: new ChangesHub(pouch, onChange, onError),
      validators: null,
      writeQueue: Promise.resolve(),
      onWrite: () => this.opts.onWrite(db),
      refs: 0,
      lastUsed: Date.now(),
    };
    return handle;
  }

  pathOf(db: string): string {
    return path.join(this.opts.couchDir, dirName(db));
  }

  async create(db: string): Promise<void> {
    if (this.exists(db)) throw new CouchError(412, 'file_exists', 'The database could not be created, the file already exists.');
    await this.closing.get(db);
    // Leftovers of a crash between creating files and recording the database must not resurface.
    const base = dirName(db);
    const stale = (await readdir(this.opts.couchDir).catch(() => [] as string[])).filter(
      (f) => f === base || f.startsWith(`${base}-mrview-`),
    );
    await Promise.all(stale.map((f) => rm(path.join(this.opts.couchDir, f), { recursive: true, force: true })));
    await this.meta.add(db);
  }

  async delete(db: string): Promise<void> {
    if (!this.exists(db)) throw dbNotFound();
    await this.meta.remove(db);
    const p = this.open.get(db);
    this.open.delete(db);
    this.handles.delete(db);
    const evicting = this.closing.get(db);
    const done = (async () => {
      await evicting;
      const h = await p?.catch(() => null);
      if (h) {
        h.hub.close();
        await closeViews(h.pouch);
        await h.pouch.destroy().catch((err: unknown) => this.opts.log('warn', `destroy of ${db} failed`, err));
      } else {
        const pouch = new PouchDB(this.pathOf(db), { adapter: 'leveldb', ...this.opts.levelOptions });
        await pouch.destroy().catch((err: unknown) => this.opts.log('warn', `destroy of ${db} failed`, err));
      }
    })();
    this.closing.set(db, done);
    try {
      await done;
    } finally {
      if (this.closing.get(db) === done) this.closing.delete(db);
    }
  }

  private evict(): void {
    const idle = [...this.handles.values()]
      .filter((h) => h.refs === 0 && h.hub.waiting === 0)
      .sort((a, b) => a.lastUsed - b.lastUsed);
    let excess = this.open.size - this.opts.maxOpen;
    for (const h of idle) {
      if (excess-- <= 0) break;
      this.closeHandle(h);
    }
  }

  private closeHandle(h: DbHandle): void {
    this.open.delete(h.name);
    this.handles.delete(h.name);
    const done = (async () => {
      h.hub.close();
      await closeViews(h.pouch);
      await h.pouch.close();
    })().catch((err: unknown) => this.opts.log('warn', `close of ${h.name} failed`, err));
    this.closing.set(h.name, done);
    void done.then(() => {
      if (this.closing.get(h.name) === done) this.closing.delete(h.name);
    });
  }

  async closeAll(): Promise<void> {
    this.closed = true;
    const handles = await Promise.all([...this.open.values()].map((p) => p.catch(() => null)));
    this.open.clear();
    this.handles.clear();
    await Promise.all(
      handles.map(async (h) => {
        if (!h) return;
        h.hub.close();
        await closeViews(h.pouch);
        await h.pouch.close().catch(() => undefined);
      }),
    );
    await Promise.all(this.closing.values());
    await this.meta.close();
  }
}

/** Documents whose winning revision position is past MAX_REV_POS (written before the bound existed). */
async function poisonedIds(pouch: Pouch): Promise<string[]> {
  // Keys only: reading the documents themselves is what throws.
  const all = await pouch.allDocs({});
  const out: string[] = [];
  for (const row of all.rows) {
    const rev = row.value?.rev ?? '';
    const pos = Number(rev.slice(0, rev.indexOf('-')));
    if (!(pos <= MAX_REV_POS)) out.push(String(row.id ?? row.key));
  }
  return out;
}

function quarantinedError(db: string): CouchError {
  return new CouchError(503, 'quarantined', `The database ${db} is quarantined for repair; the server log says why.`);
}

/** The databases kept closed, with the documents that caused it (for logs and tests). */
export type QuarantineList = ReadonlyMap<string, string[]>;

function shuttingDown(): CouchError {
  return new CouchError(503, 'service_unavailable', 'The database server is shutting down');
}

/** pouchdb-find keeps its index databases open on its own; close them with their parent. */
async function closeViews(pouch: Pouch): Promise<void> {
  const views = Object.values(pouch._cachedViews ?? {});
  await Promise.all(
    views.map(async (v) => {
      const view = await v.catch(() => null);
      await view?.db.close().catch(() => undefined);
    }),
  );
}
