// The embedded server's hard bounds (ADR 012). They are constants, not settings: each one closes
// a door through which one request could crash, freeze or fill the server. docs/limits.md lists
// them with the reason for each value.

/**
 * Highest revision position accepted from a client. PouchDB keeps positions as JavaScript
 * numbers: past 2^53 two positions compare equal, the revision tree no longer finds its winner,
 * and LevelDB callbacks throw where no request can catch it. CouchDB's own positions count edits
 * of one document; 2^31 - 1 is out of any real reach and leaves 2^53 far away.
 */
export const MAX_REV_POS = 2_147_483_647;

/** Revision ids kept per document, as CouchDB's default `revs_limit`. */
export const REVS_LIMIT = 1000;

/** Deepest nesting of arrays and objects in a JSON body. Fete documents nest four levels. */
export const MAX_JSON_DEPTH = 32;

/** Largest document, as JSON bytes. The largest real Fete document (a form, a restaurant) is a few KB. */
export const MAX_DOC_BYTES = 128 * 1024;

/** Largest `_local` document: replication checkpoints are well under 2 KB. */
export const MAX_LOCAL_DOC_BYTES = 16 * 1024;

/**
 * Ids or keys in one request (`_all_docs` keys, `_bulk_get` docs, `_revs_diff` ids, `_changes`
 * doc_ids, `_bulk_docs` docs). Replication asks for one batch at a time: PouchDB's default
 * batch is 100, our app pulls 1,000.
 */
export const MAX_KEYS_PER_REQUEST = 1000;

/** Revisions named in one request (`_revs_diff`, `_bulk_get`, `open_revs`), over all its ids. */
export const MAX_REVS_PER_REQUEST = 10_000;

/** Documents read at once while answering one request; the rest wait their turn. */
export const READ_CONCURRENCY = 64;

/** Rows one `_changes` answer holds; a client pages on with `since=last_seq`. */
export const MAX_CHANGES_ROWS = 10_000;

/** `limit` of one `_find` or `_all_docs` answer. */
export const MAX_QUERY_ROWS = 10_000;

/**
 * Bytes one `_all_docs`, `_find` or `_changes` answer may hold. Answers stream with backpressure,
 * so this bounds how long one request holds the server, not its memory: past it the answer ends
 * as valid JSON that says how to go on (`next`, or `last_seq` for a feed).
 */
export const READ_BUDGET_BYTES = 16 * 1024 * 1024;

/** Time one `_all_docs`, `_find` or `_changes` answer may take to write; past it it ends as above. */
export const READ_BUDGET_MS = 120_000;

/**
 * Bytes of one `_bulk_get` answer. A replicator cannot go on from a partial batch, so this is
 * above what a full batch of the largest documents needs (1,000 × 128 KiB); only many revisions
 * of each go past it, and those past it are answered as errors to ask again.
 */
export const BULK_GET_BUDGET_BYTES = 160 * 1024 * 1024;

/** Rows read from storage at a time while an answer streams. */
export const READ_PAGE_ROWS = 100;
