// The one place that loads PouchDB. pouchdb-node ships no types and @types/pouchdb-* describe
// far more than we use (and not always correctly), so the server works against this small,
// honest surface instead.
import { createRequire } from 'node:module';

export interface Doc {
  _id: string;
  _rev?: string;
  _deleted?: boolean;
  _revisions?: { start: number; ids: string[] };
  [field: string]: unknown;
}

export interface ChangeRow {
  id: string;
  seq: number;
  changes: { rev: string }[];
  deleted?: boolean;
  doc?: Doc;
}

export interface ChangesResult {
  results: ChangeRow[];
  last_seq: number;
}

export interface ChangesOptions {
  since?: number | 'now';
  limit?: number;
  include_docs?: boolean;
  conflicts?: boolean;
  style?: 'main_only' | 'all_docs';
  descending?: boolean;
  doc_ids?: string[];
  selector?: Record<string, unknown>;
  live?: boolean;
  return_docs?: boolean;
}

export interface LiveChanges {
  on(event: 'change', fn: (change: ChangeRow) => void): LiveChanges;
  on(event: 'error', fn: (err: unknown) => void): LiveChanges;
  cancel(): void;
}

export interface AllDocsRow {
  id?: string;
  key: unknown;
  value?: { rev: string; deleted?: boolean };
  doc?: Doc | null;
  error?: string;
}

export interface AllDocsResult {
  total_rows: number;
  offset: number;
  rows: AllDocsRow[];
}

/** Either a success or a PouchError-like object; PouchDB mixes both shapes in one array. */
export type BulkDocsResult =
  | { ok: true; id: string; rev: string }
  | { id?: string; rev?: string; error?: unknown; status?: number; name?: string; message?: string; reason?: string };

export interface BulkGetResult {
  results: { id: string; docs: ({ ok: Doc } | { error: unknown } | { missing: string })[] }[];
}

export interface DbInfo {
  db_name: string;
  doc_count: number;
  update_seq: number;
}

export interface Pouch {
  readonly name: string;
  info(): Promise<DbInfo>;
  get(id: string, opts?: Record<string, unknown>): Promise<Doc & Record<string, unknown>>;
  put(doc: Doc): Promise<{ ok: true; id: string; rev: string }>;
  bulkDocs(docs: Doc[], opts?: { new_edits?: boolean }): Promise<BulkDocsResult[]>;
  bulkGet(opts: { docs: { id: string; rev?: string }[]; revs?: boolean; latest?: boolean }): Promise<BulkGetResult>;
  revsDiff(req: Record<string, string[]>): Promise<Record<string, { missing: string[]; possible_ancestors?: string[] }>>;
  allDocs(opts: Record<string, unknown>): Promise<AllDocsResult>;
  changes(opts: ChangesOptions & { live: true }): LiveChanges;
  changes(opts: ChangesOptions): Promise<ChangesResult>;
  find(req: Record<string, unknown>): Promise<{ docs: Doc[]; warning?: string }>;
  /** pouchdb-find's plan for a query: which index, and which key range of it. */
  explain(req: Record<string, unknown>): Promise<unknown>;
  createIndex(req: Record<string, unknown>): Promise<{ result: string; id?: string; name?: string }>;
  getIndexes(): Promise<{ total_rows: number; indexes: unknown[] }>;
  deleteIndex(req: { ddoc: string; name: string; type?: string }): Promise<{ ok: true }>;
  close(): Promise<void>;
  destroy(): Promise<unknown>;
  /** pouchdb-mapreduce's cache of open index databases; we close them ourselves (see db-registry). */
  _cachedViews?: Record<string, Promise<{ db: Pouch }>>;
}

export interface PouchConstructor {
  new (name: string, opts?: Record<string, unknown>): Pouch;
  plugin(plugin: unknown): PouchConstructor;
}

const require = createRequire(import.meta.url);
export const PouchDB = require('pouchdb-node') as PouchConstructor;
PouchDB.plugin(require('pouchdb-find'));

/** The shape of errors PouchDB rejects with. */
export interface PouchError {
  status?: number;
  name?: string;
  message?: string;
  reason?: string;
}

export function isPouchError(err: unknown): err is PouchError {
  return typeof err === 'object' && err !== null && ('status' in err || 'name' in err);
}
