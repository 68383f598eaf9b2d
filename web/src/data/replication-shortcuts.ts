// Round trips the replication protocol spends on a chat message that this device can answer
// itself. A message sent from one phone and drawn on another crossed seven: the sender's
// `_revs_diff` and `_bulk_docs`; the reader's longpoll, `_bulk_get`, the database's info (asked
// by PouchDB after every batch, for progress figures nothing reads), the reader's own push asking
// `_revs_diff` about the message it just pulled, and the next longpoll. On a phone each costs
// 10-60 ms (npm run bench -- chat-send-render), and the ones after the message is drawn still
// hold the signal and the processor the next message needs.
//
// - Push: the device knows which of its writes the server has not confirmed (the outbox), so
//   `_revs_diff` for those is answered here: missing. A write the server got but never
//   confirmed (an answer lost) is sent again; the server keeps one copy of a revision. And a
//   revision the pull just brought from the server is there: not missing.
// - Pull: the changes feed brings each changed document with its row (`include_docs`), and
//   `_bulk_get` is answered from those for first revisions, whose history is the revision
//   itself. Later revisions still fetch their history from the server. The database's info is
//   asked once a minute at most.
//
// Each wraps the remote database in a Proxy for one replication only: the outbox's own check
// with the server (`reconcile`) must keep asking the server.
import type { Database } from './pouch.ts';

type Diffs = Record<string, string[]>;
type DiffAnswer = Record<string, { missing: string[] }>;

/** Every other member of `remote`, bound to it, so PouchDB's internals see the real database. */
function overriding(remote: Database, own: Record<string, unknown>): Database {
  return new Proxy(remote, {
    get(target, prop, receiver) {
      if (typeof prop === 'string' && Object.hasOwn(own, prop)) return own[prop];
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value === target ? receiver : value;
    },
  });
}

/** Revisions known to be on the server because the pull just read them there; bounded, oldest out. */
export class ServerRevs {
  private readonly revs = new Map<string, true>();
  private readonly max: number;

  constructor(max = 2000) {
    this.max = max;
  }

  note(id: string, rev: string): void {
    const key = `${id}\n${rev}`;
    this.revs.delete(key);
    this.revs.set(key, true);
    if (this.revs.size > this.max) this.revs.delete(this.revs.keys().next().value as string);
  }

  has(id: string, rev: string): boolean {
    return this.revs.has(`${id}\n${rev}`);
  }
}

/**
 * The push's view of `remote`: `_revs_diff` for the ids `waiting()` names is answered at once
 * (missing), and for revisions `held` knows the server has (nothing missing); the rest are
 * asked of the server.
 */
export function pushTarget(remote: Database, waiting: () => ReadonlySet<string>, held: ServerRevs): Database {
  async function revsDiff(diffs: Diffs): Promise<DiffAnswer> {
    const mine = waiting();
    const answer: DiffAnswer = {};
    const ask: Diffs = {};
    for (const [id, revs] of Object.entries(diffs)) {
      if (mine.has(id)) answer[id] = { missing: [...revs] };
      else if (!revs.every((rev) => held.has(id, rev))) ask[id] = revs;
    }
    if (Object.keys(ask).length > 0) Object.assign(answer, await remote.revsDiff(ask));
    return answer;
  }
  return overriding(remote, { revsDiff });
}

interface BulkGetRequest {
  docs: Array<{ id: string; rev?: string }>;
  revs?: boolean;
  latest?: boolean;
}
type BulkGetResult = { id: string; docs: Array<{ ok?: Record<string, unknown>; error?: unknown }> };

interface ChangesEmitter {
  on(event: 'change', listener: (change: { doc?: Record<string, unknown> }) => void): unknown;
}

/** Documents brought by the feed and not yet asked for; a bound, so a stalled replication holds little. */
const CARRIED_MAX = 2000;

/** A first revision carries its whole history: `1-abc` is `{ start: 1, ids: ['abc'] }`. */
function firstRevisionHistory(doc: Record<string, unknown>): { start: number; ids: string[] } | null {
  const rev = doc._rev;
  if (typeof rev !== 'string' || !rev.startsWith('1-') || doc._attachments !== undefined || doc._deleted === true) return null;
  return { start: 1, ids: [rev.slice(2)] };
}

/** How long the pull reuses the database's info: PouchDB asks after every batch, for progress figures. */
const INFO_REUSE_MS = 60_000;

/**
 * The live pull's view of `remote`: its feed carries documents, `_bulk_get` uses them first,
 * and every revision it hands over is noted in `held` for the push.
 */
export function pullSource(remote: Database, held: ServerRevs, now: () => number = Date.now): Database {
  const carried = new Map<string, Record<string, unknown>>();
  const keyOf = (id: string, rev: string) => `${id}\n${rev}`;

  function changes(opts: Record<string, unknown>): ChangesEmitter {
    const feed = (remote.changes as unknown as (o: Record<string, unknown>) => ChangesEmitter)({ ...opts, include_docs: true });
    feed.on('change', (change) => {
      const doc = change.doc;
      if (!doc || typeof doc._id !== 'string' || firstRevisionHistory(doc) === null) return;
      carried.set(keyOf(doc._id, doc._rev as string), doc);
      if (carried.size > CARRIED_MAX) carried.delete(carried.keys().next().value as string);
    });
    return feed;
  }

  async function bulkGet(req: BulkGetRequest): Promise<{ results: BulkGetResult[] }> {
    const results: BulkGetResult[] = [];
    const ask: BulkGetRequest['docs'] = [];
    for (const wanted of req.docs) {
      const key = wanted.rev === undefined ? null : keyOf(wanted.id, wanted.rev);
      const doc = key === null ? undefined : carried.get(key);
      const history = doc ? firstRevisionHistory(doc) : null;
      if (!doc || !history) {
        ask.push(wanted);
        continue;
      }
      carried.delete(key as string);
      results.push({ id: wanted.id, docs: [{ ok: req.revs ? { ...doc, _revisions: history } : { ...doc } }] });
    }
    if (ask.length > 0) {
      const fetched = (await (remote.bulkGet as unknown as (r: BulkGetRequest) => Promise<{ results: BulkGetResult[] }>)({ ...req, docs: ask })).results;
      results.push(...fetched);
    }
    for (const r of results) {
      for (const d of r.docs) if (d.ok && typeof d.ok._rev === 'string') held.note(r.id, d.ok._rev);
    }
    return { results };
  }

  let info: { at: number; answer: Promise<unknown> } | null = null;
  function cachedInfo(): Promise<unknown> {
    if (info === null || now() - info.at > INFO_REUSE_MS) {
      const answer = remote.info();
      const entry = { at: now(), answer };
      info = entry;
      // A failed ask is not kept: the next one asks again.
      answer.catch(() => {
        if (info === entry) info = null;
      });
    }
    return info.answer;
  }

  return overriding(remote, { changes, bulkGet, info: cachedInfo });
}
