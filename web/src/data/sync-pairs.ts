// What the replication manager syncs: a local database with its remote, and the signed-in
// member's three pairs with the outbox of each.
import type { MemberDbKey } from './local-dbs.ts';
import type { Outbox } from './outbox.ts';
import type { Database } from './pouch.ts';

export interface Pair {
  local: Database;
  remote: Database;
  /** A one-shot pull made elsewhere (the catalogue's worker, ADR 061); default: the replicator here. */
  pull?: () => Promise<void>;
}

export interface MemberSync {
  userId: string;
  pairs: Record<MemberDbKey, Pair>;
  outboxes: Record<MemberDbKey, Outbox>;
}
