// Which databases exist, and the open PouchDB for each. A database exists only if the meta store
// says so: PouchDB's LevelDB adapter creates a directory for any name it is asked to open, so we
// never open a name that was not created through `PUT /{db}`. Open databases are cached and the
// least recently used idle ones are closed past `maxOpen`, because each holds LevelDB caches and
// file descriptors. A database is checked for unreadable revision trees the first time this
// process opens it, and one whose storage throws is failed and reopened (ADR 012).
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { ChangesHub } from './changes.ts';
import { CouchError, dbNotFound } from './errors.ts';
import { withFastFindReads } from './fast-find-reads.ts';
import type { MetaStore } from './meta-store.ts';
import { PouchDB, type ChangeRow, type Pouch } from './pouch.ts';
import { guardedLeveldown } from './guarded-leveldown.ts';
import { repairRevisionTrees } from './repair-revisions.ts';
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
  /** Rejecters of the requests running on this handle, failed together if its storage throws. */
  readonly inflight: Set<(err: unknown) => void>;
  /** Set once its storage threw: the handle is being closed and must not be used again. */
  broken: boolean;
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
  /** Databases whose revision trees were checked since this process started. */
  private readonly checked = new Set<string>();
  private readonly pouchOptions: Record<string, unknown>;
  private readonly storeAt: (location: string) => object | undefined;
  private closed = false;

  constructor(meta: MetaStore, opts: RegistryOptions) {
    this.meta = meta;
    this.opts = opts;
    const db = guardedLeveldown((location, err) => this.storageFault(location, err));
    this.pouchOptions = { adapter: 'leveldb', ...opts.levelOptions, db };
    this.storeAt = db.storeAt;
  }

  exists(db: string): boolean {
    return this.meta.has(db);
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
      return await new Promise<T>((resolve, reject) => {
        h.inflight.add(reject);
        let work: Promise<T>;
        try {
          work = fn(h);
        } catch (err) {
          work = Promise.reject(err);
        }
        // A storage fault rejects first; whatever `work` does later is then ignored.
        void work.then(resolve, reject).finally(() => h.inflight.delete(reject));
      });
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
    if (!this.checked.has(db)) {
      await this.repair(db);
      this.checked.add(db);
    }
    const location = this.pathOf(db);
    const pouch = withFastFindReads(new PouchDB(location, this.pouchOptions), () => this.storeAt(location));
    await pouch.info();
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
      inflight: new Set(),
      broken: false,
    };
    return handle;
  }

  private async repair(db: string): Promise<void> {
    const { removed } = await repairRevisionTrees(this.pathOf(db));
    if (removed.length === 0) return;
    const list = removed.map((r) => `${r.id} (${r.problem})`).join(', ');
    this.opts.log(
      'error',
      `REPAIRED database ${db}: removed ${removed.length} document(s) whose revision tree PouchDB cannot read: ${list}`,
    );
  }

  /**
   * An exception thrown inside LevelDB's callbacks (guarded-leveldown). The PouchDB instance may
   * have been left mid-operation, holding a lock its callback never releases, so its requests
   * are failed now and it is closed; the next request opens it afresh, checked again on disk.
   */
  private storageFault(location: string, err: unknown): void {
    const h = [...this.handles.values()].find((x) => {
      const p = this.pathOf(x.name);
      return location === p || location.startsWith(`${p}-mrview-`);
    });
    this.opts.log(
      'error',
      `STORAGE FAULT in ${h ? `database ${h.name}` : location}: PouchDB threw inside LevelDB; ` +
        (h ? `its ${h.inflight.size} running request(s) fail and it is reopened` : 'no open database owns it'),
      err,
    );
    if (!h || h.broken) return;
    h.broken = true;
    this.checked.delete(h.name);
    const failure = new CouchError(500, 'storage_error', 'The database failed while reading its storage; try again');
    for (const fail of h.inflight) fail(failure);
    h.inflight.clear();
    this.closeHandle(h);
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
        const pouch = new PouchDB(this.pathOf(db), this.pouchOptions);
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
    if (this.handles.get(h.name) === h) {
      this.open.delete(h.name);
      this.handles.delete(h.name);
    }
    const closing = (async () => {
      h.hub.close();
      await closeViews(h.pouch);
      await h.pouch.close();
    })().catch((err: unknown) => this.opts.log('warn', `close of ${h.name} failed`, err));
    // A store wedged by a storage fault might never finish closing; a reopen must not wait forever.
    const done = Promise.race([closing, delay(CLOSE_WAIT_MS)]);
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

const CLOSE_WAIT_MS = 10_000;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

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
