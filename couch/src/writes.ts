// The one write path: PUT, POST, DELETE and _bulk_docs (interactive and replicated) all end
// here, so every document write passes the same checks. Order per batch: design-doc and local-doc
// permissions, then every validate_doc_update of the database against the current state, then
// one PouchDB bulkDocs with only the accepted documents.
import type { SecurityObject, UserCtx } from '../../design-docs/src/databases.ts';
import { mapBounded } from './bounded.ts';
import type { DbHandle } from './db-registry.ts';
import { READ_CONCURRENCY } from './limits.ts';
import { isDesignId, isLocalId, isReservedLocalId } from './doc-rules.ts';
import { notDbAdmin, securityError } from './errors.ts';
import { isPlainObject } from './params.ts';
import type { Doc } from './pouch.ts';
import { isDbAdmin } from './security.ts';
import type { CompiledVdu, VduCompiler } from './validate.ts';

export type DocResult =
  | { ok: true; id: string; rev: string }
  | { id: string; rev?: string; error: string; reason: string; status: number };

export interface Writer {
  user: UserCtx;
  sec: SecurityObject;
}

export function failed(r: DocResult): r is Extract<DocResult, { error: string }> {
  return 'error' in r;
}

/**
 * Writes `docs` (already checked by doc-rules) and returns one result per input document, in
 * input order. With `newEdits` false the caller keeps only the failures, as CouchDB answers.
 */
export function writeDocs(
  h: DbHandle,
  compiler: VduCompiler,
  writer: Writer,
  docs: Doc[],
  newEdits: boolean,
): Promise<DocResult[]> {
  const run = h.writeQueue.then(() => writeLocked(h, compiler, writer, docs, newEdits));
  h.writeQueue = run.catch(() => undefined);
  return run;
}

async function writeLocked(
  h: DbHandle,
  compiler: VduCompiler,
  writer: Writer,
  docs: Doc[],
  newEdits: boolean,
): Promise<DocResult[]> {
  const results: (DocResult | null)[] = docs.map(() => null);
  const admin = isDbAdmin(writer.user, writer.sec);
  const needsVdu: number[] = [];

  docs.forEach((doc, i) => {
    if (isDesignId(doc._id)) {
      if (!admin) results[i] = refusal(doc, notDbAdmin(writer.user));
      else if (!doc._deleted) {
        const problem = designDocProblem(doc, compiler);
        if (problem) results[i] = { id: doc._id, ...problem, status: 400 };
      }
    } else if (isLocalId(doc._id)) {
      if (isReservedLocalId(doc._id) && !admin) {
        results[i] = refusal(doc, securityError(writer.user, 'Reserved local documents are not writable.'));
      }
    } else {
      needsVdu.push(i);
    }
  });

  if (needsVdu.length > 0) {
    const validators = await loadValidators(h, compiler);
    if (validators.length > 0) await validate(h, writer, docs, needsVdu, validators, newEdits, results);
  }

  const accepted: Doc[] = [];
  const acceptedAt: number[] = [];
  docs.forEach((doc, i) => {
    if (results[i] === null) {
      accepted.push(doc);
      acceptedAt.push(i);
    }
  });

  if (accepted.length > 0) {
    const touchesDesign = accepted.some((d) => isDesignId(d._id));
    let written: DocResult[];
    try {
      written = await bulkWrite(h, accepted, newEdits);
    } finally {
      if (touchesDesign) h.validators = null;
    }
    if (written.some((r, k) => !failed(r) && !isLocalId((accepted[k] as Doc)._id))) {
      h.hub.noteWrite();
      h.onWrite();
    }
    written.forEach((r, k) => {
      results[acceptedAt[k] as number] = r;
    });
  }
  return results.map((r, i) => r ?? { ok: true, id: (docs[i] as Doc)._id, rev: (docs[i] as Doc)._rev ?? '' });
}

async function bulkWrite(h: DbHandle, docs: Doc[], newEdits: boolean): Promise<DocResult[]> {
  // PouchDB sorts (mutates) the array when new_edits is false, so it gets its own copy.
  const res = await h.pouch.bulkDocs([...docs], { new_edits: newEdits });
  if (newEdits) return res.map((r, i) => normalise(r, (docs[i] as Doc)._id));
  // PouchDB answers only the failures, as CouchDB does; everything else was written.
  const failures = new Map<string, DocResult>();
  for (const r of res) {
    const n = normalise(r, r.id ?? '');
    if (failed(n)) failures.set(n.id, n);
  }
  return docs.map((d) => failures.get(d._id) ?? { ok: true, id: d._id, rev: d._rev ?? '' });
}

function normalise(r: Record<string, unknown>, id: string): DocResult {
  if (r.ok === true && typeof r.rev === 'string') return { ok: true, id: String(r.id ?? id), rev: r.rev };
  const status = typeof r.status === 'number' ? r.status : 500;
  const error = typeof r.name === 'string' ? r.name : typeof r.error === 'string' ? r.error : 'unknown_error';
  const reason = String(r.reason ?? r.message ?? error);
  return { id: String(r.id ?? id), error, reason, status };
}

/**
 * A design document every later write or query depends on: a validator that does not compile
 * would refuse every write, and a malformed Mango index breaks `_find` for everyone.
 */
function designDocProblem(doc: Doc, compiler: VduCompiler): { error: string; reason: string } | null {
  const src = doc.validate_doc_update;
  if (src !== undefined) {
    try {
      if (typeof src !== 'string') throw new TypeError('validate_doc_update must be a string');
      compiler.compile(src);
    } catch (err) {
      return { error: 'compilation_error', reason: String((err as Error).message) };
    }
  }
  if (doc.language === 'query') {
    const views = doc.views;
    const ok =
      isPlainObject(views) &&
      Object.values(views).every((v) => {
        const view = v as { map?: { fields?: unknown }; options?: { def?: { fields?: unknown } } } | null;
        return isPlainObject(view?.map?.fields) && Array.isArray(view?.options?.def?.fields);
      });
    if (!ok) return { error: 'invalid_design_doc', reason: 'A query design document needs views with map.fields and options.def.fields' };
  }
  return null;
}

function refusal(doc: Doc, err: { status: number; error: string; reason: string }): DocResult {
  return { id: doc._id, ...(doc._rev ? { rev: doc._rev } : {}), error: err.error, reason: err.reason, status: err.status };
}

async function loadValidators(h: DbHandle, compiler: VduCompiler): Promise<{ id: string; vdu: CompiledVdu }[]> {
  if (!h.validators) {
    const loading = (async () => {
      const ddocs = await h.pouch.allDocs({ startkey: '_design/', endkey: '_design0', include_docs: true });
      const out: { id: string; vdu: CompiledVdu }[] = [];
      for (const row of ddocs.rows) {
        const src = row.doc?.validate_doc_update;
        if (typeof src !== 'string') continue;
        try {
          out.push({ id: row.doc?._id ?? '', vdu: compiler.compile(src) });
        } catch (err) {
          // A broken function must fail closed: every write is refused until it is fixed.
          const reason = `validate_doc_update in ${row.doc?._id} does not compile: ${(err as Error).message}`;
          out.push({
            id: row.doc?._id ?? '',
            vdu: { runMany: (inputs) => inputs.map(() => ({ status: 500, error: 'validation_error', reason })) },
          });
        }
      }
      return out;
    })();
    h.validators = loading;
    loading.catch(() => {
      if (h.validators === loading) h.validators = null;
    });
  }
  return h.validators;
}

async function validate(
  h: DbHandle,
  writer: Writer,
  docs: Doc[],
  indexes: number[],
  validators: { id: string; vdu: CompiledVdu }[],
  newEdits: boolean,
  results: (DocResult | null)[],
): Promise<void> {
  // Parallel gets: PouchDB's allDocs({keys}) runs one range query per key and is ~6x slower.
  const ids = [...new Set(indexes.map((i) => (docs[i] as Doc)._id))];
  const winners = new Map<string, Doc>();
  const known = new Set<string>();
  await mapBounded(ids, READ_CONCURRENCY, async (id) => {
    try {
      winners.set(id, await h.pouch.get(id));
      known.add(id);
    } catch (err) {
      const e = err as { status?: number; reason?: string; message?: string };
      if (e.status !== 404) throw err;
      if ((e.reason ?? e.message) === 'deleted') known.add(id);
    }
  });

  let todo = indexes;
  if (!newEdits) {
    // A revision the database already has is not written again, so it is not validated again
    // (CouchDB skips it too); otherwise a re-sent batch could be refused for old history.
    // Only documents the database knows can hold such a revision.
    const ask: Record<string, string[]> = {};
    for (const i of todo) {
      const d = docs[i] as Doc;
      if (known.has(d._id)) (ask[d._id] ??= []).push(d._rev as string);
    }
    if (Object.keys(ask).length > 0) {
      const diff = await h.pouch.revsDiff(ask);
      todo = todo.filter((i) => {
        const d = docs[i] as Doc;
        return !known.has(d._id) || (diff[d._id]?.missing.includes(d._rev as string) ?? false);
      });
    }
  }
  if (todo.length === 0) return;
  const userCtx = { db: h.name, name: writer.user.name, roles: writer.user.roles };

  const judged: { i: number; oldDoc: Doc | null }[] = [];
  for (const i of todo) {
    const doc = docs[i] as Doc;
    // The current winning revision, or undefined when the document is missing or deleted.
    const winner = winners.get(doc._id);
    let oldDoc: Doc | null;
    if (!newEdits) {
      // The server's current state is what a replicated edit is judged against.
      oldDoc = winner ?? null;
    } else if (doc._rev === undefined) {
      if (winner) {
        results[i] = { id: doc._id, error: 'conflict', reason: 'Document update conflict.', status: 409 };
        continue;
      }
      oldDoc = null;
    } else if (winner && winner._rev === doc._rev) {
      oldDoc = winner;
    } else {
      // An edit of a conflicting leaf (or of a deleted one) is judged against that leaf. A deleted
      // leaf goes as CouchDB passes it, `_deleted: true` included: a validator can then tell a
      // revival over a tombstone from a first write (ADR 054).
      oldDoc = await h.pouch.get(doc._id, { rev: doc._rev }).catch(() => null);
      if (!oldDoc) {
        results[i] = { id: doc._id, error: 'conflict', reason: 'Document update conflict.', status: 409 };
        continue;
      }
    }
    judged.push({ i, oldDoc });
  }

  // CouchDB runs every function in turn; the first refusal is the document's answer.
  let pending = judged;
  for (const { vdu } of validators) {
    if (pending.length === 0) break;
    const verdicts = vdu.runMany(
      pending.map(({ i, oldDoc }) => ({ newDoc: docs[i], oldDoc })),
      userCtx,
      writer.sec,
    );
    pending = pending.filter(({ i }, k) => {
      const verdict = verdicts[k];
      if (!verdict) return true;
      const doc = docs[i] as Doc;
      results[i] = { id: doc._id, ...(doc._rev ? { rev: doc._rev } : {}), ...verdict };
      return false;
    });
  }
}
