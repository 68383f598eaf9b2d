// Which of the member's local writes the server has not confirmed yet, and which it refused.
// The replicator alone cannot say: after a pull, the local changes feed mixes the member's
// writes with everyone else's. So each repository write is recorded here and struck off when
// the push reports it, when the server's revs_diff says it already has it, or when it is
// denied. The record is a `_local` document: it survives reloads, never replicates, and every
// tab of the device shares it.
//
// The mark goes down before the write (an intent, revision unknown) and is completed after it:
// a page closed between the two IndexedDB transactions would otherwise leave a write that
// syncs but never showed as waiting. The next load fills an intent in from the database.
//
// Only one tab pushes, and a write's mark is its own transaction: another tab's mark can land
// after the push already confirmed that revision. So the record also remembers the revisions
// the server confirmed last (a bounded list): a mark or an intent for one of them is not waiting.
import type { Database } from './pouch.ts';
import { isConflict, isNotFound } from './pouch.ts';
import type { MemberDbKey } from './local-dbs.ts';
import type { DeniedItem } from './sync-status.ts';
import { revGeneration } from '../../../design-docs/src/ids.ts';

export const OUTBOX_DOC_ID = '_local/fete-outbox';
/** Generation 0: any revision the push reports for the id is newer, so it confirms the intent. */
const INTENT = '0-intent';
/** Enough for every write a burst of tabs can have in flight; older ones are long marked. */
const CONFIRMED_KEPT = 200;

interface OutboxState {
  pending: Record<string, string>;
  denied: Record<string, { reason: string; rev?: string }>;
  /** The last revisions the server confirmed, oldest first. */
  confirmed: Record<string, string>;
}

export interface Outbox {
  readonly key: MemberDbKey;
  load(): Promise<void>;
  /** Before a write: marks `id` waiting, so a page closed mid-write still counts it. */
  intend(id: string): Promise<void>;
  /** The write the intent announced failed: nothing is waiting after all. */
  abandon(id: string): Promise<void>;
  track(id: string, rev: string): Promise<void>;
  confirm(docs: ReadonlyArray<{ _id: string; _rev: string }>): Promise<void>;
  deny(id: string, reason: string): Promise<void>;
  /** The member saw the refusal; stop showing it. */
  dismiss(id: string): Promise<void>;
  /** Nothing is left to send or show for `id` (a refusal that needs no action). */
  settle(id: string): Promise<void>;
  /** Strikes off what the server already holds (pushed by another tab, or before a reload). */
  reconcile(remote: Database): Promise<void>;
  pendingIds(): string[];
  pendingRevs(): Record<string, string>;
  /** The waiting writes whose revision is known (intents left out: their writes are in flight). */
  waitingRevs(): Record<string, string>;
  deniedItems(): DeniedItem[];
  /** `written`: this tab changed the record (other tabs should reload it). */
  onChange(listener: (written: boolean) => void): () => void;
}

/** `rev` is `held` or older: the server has it, or a write that replaced it. */
function covers(held: string | undefined, rev: string): boolean {
  return held !== undefined && (held === rev || revGeneration(held) > revGeneration(rev));
}

/** Adds `rev` to the confirmed list; false when the list already covered it. */
function remember(s: OutboxState, id: string, rev: string): boolean {
  if (covers(s.confirmed[id], rev)) return false;
  delete s.confirmed[id];
  s.confirmed[id] = rev;
  const ids = Object.keys(s.confirmed);
  for (const old of ids.slice(0, Math.max(0, ids.length - CONFIRMED_KEPT))) delete s.confirmed[old];
  return true;
}

function emptyState(): OutboxState {
  return { pending: {}, denied: {}, confirmed: {} };
}

function copy(s: OutboxState): OutboxState {
  return { pending: { ...s.pending }, denied: { ...s.denied }, confirmed: { ...s.confirmed } };
}

export function createOutbox(db: Database, key: MemberDbKey): Outbox {
  let state: OutboxState = emptyState();
  let queue: Promise<void> = Promise.resolve();
  const listeners = new Set<(written: boolean) => void>();

  async function read(): Promise<{ state: OutboxState; rev?: string }> {
    try {
      const doc = (await db.get(OUTBOX_DOC_ID)) as unknown as Partial<OutboxState> & { _rev: string };
      return { state: copy({ ...emptyState(), ...doc } as OutboxState), rev: doc._rev };
    } catch (err) {
      if (isNotFound(err)) return { state: emptyState() };
      throw err;
    }
  }

  /** The revisions the database now holds for the ids marked with an intent; null: no such doc. */
  async function intentRevs(s: OutboxState): Promise<Map<string, string | null> | null> {
    const ids = Object.keys(s.pending).filter((id) => s.pending[id] === INTENT);
    if (ids.length === 0) return null;
    const res = await db.allDocs({ keys: ids });
    const revs = new Map<string, string | null>();
    for (const row of res.rows) {
      const value = 'value' in row ? (row.value as { rev?: string } | undefined) : undefined;
      revs.set(row.key, value?.rev ?? null);
    }
    return revs;
  }

  function notify(written: boolean) {
    for (const l of [...listeners]) l(written);
  }

  /** Read, change, write; another tab may write in between, so a 409 starts over. */
  function mutate(change: (s: OutboxState) => boolean): Promise<void> {
    const run = async () => {
      for (let attempt = 0; attempt < 8; attempt++) {
        const current = await read();
        const next = copy(current.state);
        if (!change(next)) {
          state = current.state;
          notify(false);
          return;
        }
        try {
          await db.put({ _id: OUTBOX_DOC_ID, ...(current.rev ? { _rev: current.rev } : {}), ...next } as never);
          state = next;
          notify(true);
          return;
        } catch (err) {
          if (!isConflict(err)) throw err;
        }
      }
    };
    queue = queue.then(run, run);
    return queue;
  }

  function waitingRevs(): Record<string, string> {
    return Object.fromEntries(Object.entries(state.pending).filter(([, rev]) => rev !== INTENT));
  }

  /** Intents left by a page that closed mid-write: the written revision, or gone if never written. */
  async function resolveIntents(): Promise<void> {
    const revs = await intentRevs(state);
    if (!revs) return;
    await mutate((s) => {
      let changed = false;
      for (const [id, rev] of revs) {
        if (s.pending[id] !== INTENT) continue;
        if (rev && !covers(s.confirmed[id], rev)) s.pending[id] = rev;
        else delete s.pending[id];
        changed = true;
      }
      return changed;
    });
  }

  return {
    key,
    async load() {
      await mutate(() => false);
      await resolveIntents();
    },
    intend(id) {
      return mutate((s) => {
        if (id in s.pending) return false;
        s.pending[id] = INTENT;
        return true;
      });
    },
    abandon(id) {
      return mutate((s) => {
        if (s.pending[id] !== INTENT) return false;
        delete s.pending[id];
        return true;
      });
    },
    track(id, rev) {
      return mutate((s) => {
        // Pushed and confirmed before this mark landed (the mark came from a slower tab).
        if (covers(s.confirmed[id], rev)) {
          if (s.pending[id] === INTENT) delete s.pending[id];
        } else {
          s.pending[id] = rev;
        }
        delete s.denied[id];
        return true;
      });
    },
    confirm(docs) {
      return mutate((s) => {
        let changed = false;
        for (const doc of docs) {
          if (remember(s, doc._id, doc._rev)) changed = true;
          if (doc._id in s.pending && covers(doc._rev, s.pending[doc._id]!)) {
            delete s.pending[doc._id];
            changed = true;
          }
        }
        return changed;
      });
    },
    deny(id, reason) {
      return mutate((s) => {
        const rev = s.pending[id];
        delete s.pending[id];
        s.denied[id] = rev ? { reason, rev } : { reason };
        return true;
      });
    },
    dismiss(id) {
      return mutate((s) => {
        if (!(id in s.denied)) return false;
        delete s.denied[id];
        return true;
      });
    },
    settle(id) {
      return mutate((s) => {
        if (!(id in s.denied) && !(id in s.pending)) return false;
        delete s.denied[id];
        delete s.pending[id];
        return true;
      });
    },
    async reconcile(remote) {
      await resolveIntents();
      const asked = waitingRevs();
      if (Object.keys(asked).length === 0) return;
      const diff = (await remote.revsDiff(Object.fromEntries(Object.entries(asked).map(([id, rev]) => [id, [rev]])))) as Record<
        string,
        { missing?: string[] }
      >;
      await mutate((s) => {
        let changed = false;
        for (const [id, rev] of Object.entries(asked)) {
          if (s.pending[id] === rev && !diff[id]?.missing?.includes(rev)) {
            delete s.pending[id];
            remember(s, id, rev);
            changed = true;
          }
        }
        return changed;
      });
    },
    pendingIds: () => Object.keys(state.pending),
    pendingRevs: () => ({ ...state.pending }),
    waitingRevs,
    deniedItems: () => Object.entries(state.denied).map(([id, d]) => ({ db: key, id, ...d })),
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
