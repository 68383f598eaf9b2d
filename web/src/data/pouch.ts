// The slice of PouchDB 9 the data layer uses. PouchDB ships no types and @types/pouchdb-core
// knows nothing of the replication plugin, so its API is described here once.

export type Database = PouchDB.Database;

/** A PouchDB constructor with the replication plugin (and an adapter) registered. */
export interface PouchConstructor {
  new (name: string, options?: Record<string, unknown>): Database;
}

export interface ReplicationResult {
  ok: boolean;
  docs_read?: number;
  docs_written?: number;
  last_seq?: number | string;
  docs?: Array<{ _id: string; _rev: string; _deleted?: boolean }>;
}

/** The error a replicator hands to 'denied': one document's refusal from `_bulk_docs`. */
export interface DeniedError {
  id?: string;
  error?: string;
  reason?: string;
  message?: string;
  name?: string;
}

export interface ReplicationHandle extends PromiseLike<ReplicationResult> {
  on(event: 'change', listener: (info: ReplicationResult) => void): this;
  on(event: 'paused', listener: (err?: unknown) => void): this;
  on(event: 'active', listener: () => void): this;
  on(event: 'denied', listener: (err: DeniedError) => void): this;
  on(event: 'complete', listener: (info: ReplicationResult) => void): this;
  on(event: 'error', listener: (err: unknown) => void): this;
  cancel(): void;
  catch(onRejected: (err: unknown) => unknown): Promise<unknown>;
}

export interface ReplicateOptions {
  live?: boolean;
  retry?: boolean;
  batch_size?: number;
  batches_limit?: number;
  back_off_function?: (delay: number) => number;
  filter?: (doc: Record<string, unknown>) => boolean;
  selector?: Record<string, unknown>;
  heartbeat?: number | false;
  timeout?: number | false;
  /** Where the replicator keeps its checkpoint; default both sides. */
  checkpoint?: 'source' | 'target' | false;
}

interface Replicate {
  to(target: Database, options?: ReplicateOptions): ReplicationHandle;
  from(source: Database, options?: ReplicateOptions): ReplicationHandle;
}

export function replicateOf(db: Database): Replicate {
  return (db as unknown as { replicate: Replicate }).replicate;
}

export interface ChangesHandle {
  on(event: 'change', listener: (change: { id: string; seq: number | string; deleted?: boolean }) => void): this;
  on(event: 'error', listener: (err: unknown) => void): this;
  cancel(): void;
}

export function liveChanges(db: Database): ChangesHandle {
  return db.changes({ since: 'now', live: true }) as unknown as ChangesHandle;
}

export function isNotFound(err: unknown): boolean {
  return (err as { status?: number } | null)?.status === 404;
}

export function isConflict(err: unknown): boolean {
  return (err as { status?: number } | null)?.status === 409;
}

/** The network's failure (no signal, a gateway or server down), not a refusal. */
export function isNetworkFailure(err: unknown): boolean {
  const status = statusOf(err);
  return status === undefined || status === 0 || status >= 500;
}

export function statusOf(err: unknown): number | undefined {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}
