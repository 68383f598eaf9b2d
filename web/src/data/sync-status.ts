// What the always-visible sync indicator shows: offline / syncing n / all synced / signed out,
// plus the writes still waiting and those the server refused, each with its reason.
import { createStore } from './store.ts';
import type { ReadableStore } from './store.ts';
import type { MemberDbKey } from './local-dbs.ts';

export type SyncState = 'offline' | 'connecting' | 'syncing' | 'synced' | 'signed-out';

export const SIGNED_OUT_LABEL = 'signed out — changes are kept on this device';

export interface PendingItem {
  db: MemberDbKey;
  id: string;
}

export interface DeniedItem {
  db: MemberDbKey;
  id: string;
  /** The server's reason, from validate_doc_update or the gateway. */
  reason: string;
  rev?: string;
}

export interface SyncSnapshot {
  state: SyncState;
  /** Local writes not yet confirmed on the server. */
  pending: number;
  pendingItems: readonly PendingItem[];
  denied: readonly DeniedItem[];
  /**
   * Per database, why its pushes are held back right now (the server's 429 reason, such as
   * Public Chat's posting rate). The writes stay waiting and go when allowed; the notice
   * clears after the next successful push.
   */
  notices: Readonly<Partial<Record<MemberDbKey, string>>>;
  label: string;
  /** Whether this tab runs replication (one tab does, by Web Lock). */
  owner: boolean;
  lastSyncedAt: string | null;
}

export interface SyncStatusStore extends ReadableStore<SyncSnapshot> {
  setOnline(online: boolean): void;
  /** Whether the last request reached the server; network failures count as offline. */
  setReachable(reachable: boolean): void;
  setActive(key: string, active: boolean): void;
  setSignedOut(signedOut: boolean): void;
  /** The member is shown from the device's memory while the first refresh is pending. */
  setConnecting(connecting: boolean): void;
  setOwner(owner: boolean): void;
  setOutbox(db: MemberDbKey, pending: readonly string[], denied: readonly DeniedItem[]): void;
  markSynced(at: string): void;
  /** Sets (a reason) or clears (null) the push notice of one database. */
  setNotice(db: MemberDbKey, reason: string | null): void;
  notice(db: MemberDbKey): string | null;
  /** Forgets the member's part (pending, denied, signed-out) after sign-out. */
  resetMember(): void;
  isPending(db: MemberDbKey, id: string): boolean;
  deniedReason(db: MemberDbKey, id: string): string | null;
}

export function labelOf(state: SyncState, pending: number): string {
  switch (state) {
    case 'offline':
      return pending > 0 ? `offline — ${pending} waiting` : 'offline';
    case 'connecting':
      return pending > 0 ? `connecting — ${pending} waiting` : 'connecting';
    case 'syncing':
      return pending > 0 ? `syncing ${pending}` : 'syncing';
    case 'synced':
      return 'all synced';
    case 'signed-out':
      return pending > 0 ? `${SIGNED_OUT_LABEL} (${pending} waiting)` : SIGNED_OUT_LABEL;
  }
}

export function createSyncStatus(initial: { online?: boolean } = {}): SyncStatusStore {
  let online = initial.online ?? true;
  let reachable = true;
  let signedOut = false;
  let connecting = false;
  let owner = false;
  let lastSyncedAt: string | null = null;
  const active = new Set<string>();
  const pending = new Map<MemberDbKey, readonly string[]>();
  const denied = new Map<MemberDbKey, readonly DeniedItem[]>();
  const notices = new Map<MemberDbKey, string>();

  const store = createStore<SyncSnapshot>(compute());

  function compute(): SyncSnapshot {
    const pendingItems = [...pending].flatMap(([db, ids]) => ids.map((id) => ({ db, id })));
    const deniedItems = [...denied.values()].flat();
    const state: SyncState = signedOut
      ? 'signed-out'
      : !online || !reachable
        ? 'offline'
        : connecting
          ? 'connecting'
          : active.size > 0 || pendingItems.length > 0
          ? 'syncing'
          : 'synced';
    return {
      state,
      pending: pendingItems.length,
      pendingItems,
      denied: deniedItems,
      notices: Object.fromEntries(notices),
      label: labelOf(state, pendingItems.length),
      owner,
      lastSyncedAt,
    };
  }

  function update() {
    const next = compute();
    const prev = store.getSnapshot();
    const same =
      prev.state === next.state &&
      prev.owner === next.owner &&
      prev.lastSyncedAt === next.lastSyncedAt &&
      JSON.stringify(prev.pendingItems) === JSON.stringify(next.pendingItems) &&
      JSON.stringify(prev.denied) === JSON.stringify(next.denied) &&
      JSON.stringify(prev.notices) === JSON.stringify(next.notices);
    if (!same) store.set(next);
  }

  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    setOnline(v) {
      online = v;
      if (v) reachable = true; // give the network a fresh chance
      update();
    },
    setReachable(v) {
      reachable = v;
      update();
    },
    setActive(key, v) {
      if (v) active.add(key);
      else active.delete(key);
      update();
    },
    setSignedOut(v) {
      signedOut = v;
      update();
    },
    setConnecting(v) {
      connecting = v;
      update();
    },
    setOwner(v) {
      owner = v;
      update();
    },
    setOutbox(db, ids, deniedItems) {
      pending.set(db, [...ids].sort());
      denied.set(db, deniedItems);
      update();
    },
    markSynced(at) {
      lastSyncedAt = at;
      reachable = true;
      update();
    },
    setNotice(db, reason) {
      if (reason === null) notices.delete(db);
      else notices.set(db, reason);
      update();
    },
    notice: (db) => notices.get(db) ?? null,
    resetMember() {
      pending.clear();
      denied.clear();
      notices.clear();
      signedOut = false;
      connecting = false;
      update();
    },
    isPending: (db, id) => (pending.get(db) ?? []).includes(id),
    deniedReason: (db, id) => (denied.get(db) ?? []).find((d) => d.id === id)?.reason ?? null,
  };
}
