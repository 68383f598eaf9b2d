// The member's writes, kept in synchronous device storage (localStorage) from the moment they
// are asked for until the server has them (ADR 034). IndexedDB commits a write only when its
// transaction completes: a reload or a killed tab before that loses it, although the screen
// already said "sent". localStorage is written before the call returns, so a write that was
// asked for survives whatever happens to its IndexedDB transaction, and the next start applies
// it again if the database does not hold it.
//
// Each tab keeps its own record (`{member}journal-{tab}`), so two tabs never overwrite each
// other's; a tab that is gone (its Web Lock is free) leaves its record to the next tab that
// opens the member's space. An entry leaves the record once the outbox no longer waits for its
// revision: the server has it, or refused it (the refusal is shown; the data stays on the device).
import type { MemberDbKey } from './local-dbs.ts';
import type { StorageLike } from './storage.ts';

export interface JournalEntry {
  /** Order within the tab's record. */
  n: number;
  db: MemberDbKey;
  id: string;
  /** The revision the write builds on; null for a new document. */
  base: string | null;
  /** The document to put (as given, with `_rev` = base), or absent for a removal. */
  doc?: Record<string, unknown> & { _id: string };
  /** The revision IndexedDB returned, once it did. */
  rev?: string;
}

/** A record this large stops taking new entries (the writes still go to IndexedDB as before). */
export const JOURNAL_MAX_ENTRIES = 500;
export const JOURNAL_MAX_CHARS = 1_000_000;

export interface WriteJournal {
  /** Records a write about to be made; null when storage refuses (blocked, full). */
  add(entry: Omit<JournalEntry, 'n'>): JournalEntry | null;
  written(entry: JournalEntry, rev: string): void;
  drop(entry: JournalEntry): void;
  /** Drops the entries whose revision the outbox no longer waits for. */
  prune(waitingRev: (db: MemberDbKey, id: string) => string | undefined): void;
  /** Records left by tabs that are gone, oldest entry first; `take` removes one once applied. */
  orphans(isLive: (tab: string) => boolean): Array<{ tab: string; entries: JournalEntry[] }>;
  take(tab: string): void;
  entries(): readonly JournalEntry[];
}

interface KeyedStorage extends StorageLike {
  length?: number;
  key?(index: number): string | null;
  keys?(): string[];
}

/** The keys of device storage, where it can list them. */
export function storageKeys(storage: StorageLike): string[] {
  const s = storage as KeyedStorage;
  if (typeof s.keys === 'function') return s.keys();
  if (typeof s.length === 'number' && typeof s.key === 'function') {
    const out: string[] = [];
    for (let i = 0; i < s.length; i++) {
      const k = s.key(i);
      if (k !== null) out.push(k);
    }
    return out;
  }
  return [];
}

function parse(raw: string | null): JournalEntry[] {
  if (!raw) return [];
  try {
    const list = JSON.parse(raw) as unknown;
    return Array.isArray(list) ? (list as JournalEntry[]).filter((e) => e && typeof e.id === 'string' && typeof e.db === 'string') : [];
  } catch {
    return [];
  }
}

export function createWriteJournal(opts: { storage: StorageLike | null; keyPrefix: string; tab: string }): WriteJournal {
  const { storage, tab } = opts;
  const prefix = `${opts.keyPrefix}journal-`;
  const own = `${prefix}${tab}`;
  let list: JournalEntry[] = [];
  let next = 1;

  function save(): boolean {
    if (!storage) return false;
    try {
      if (list.length === 0) storage.removeItem(own);
      else storage.setItem(own, JSON.stringify(list));
      return true;
    } catch {
      return false;
    }
  }

  return {
    add(entry) {
      if (!storage || list.length >= JOURNAL_MAX_ENTRIES) return null;
      const full: JournalEntry = { ...entry, n: next++ };
      const size = JSON.stringify(full).length;
      if (size > JOURNAL_MAX_CHARS) return null;
      list.push(full);
      if (!save()) {
        list = list.filter((e) => e !== full);
        return null;
      }
      return full;
    },
    written(entry, rev) {
      entry.rev = rev;
      save();
    },
    drop(entry) {
      list = list.filter((e) => e !== entry);
      save();
    },
    prune(waitingRev) {
      const kept = list.filter((e) => e.rev === undefined || waitingRev(e.db, e.id) === e.rev);
      if (kept.length === list.length) return;
      list = kept;
      save();
    },
    orphans(isLive) {
      if (!storage) return [];
      const out: Array<{ tab: string; entries: JournalEntry[] }> = [];
      for (const key of storageKeys(storage)) {
        if (!key.startsWith(prefix) || key === own) continue;
        const other = key.slice(prefix.length);
        if (isLive(other)) continue;
        let raw: string | null = null;
        try {
          raw = storage.getItem(key);
        } catch {
          continue;
        }
        const entries = parse(raw).sort((a, b) => a.n - b.n);
        out.push({ tab: other, entries });
      }
      return out;
    },
    take(other) {
      try {
        storage?.removeItem(`${prefix}${other}`);
      } catch {
        // left for the next start
      }
    },
    entries: () => list,
  };
}
