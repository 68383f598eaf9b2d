// Stricter rules must not strand anyone (ADR 036). Once per DESIGN_VERSION, after the
// shared databases are provisioned, every database is brought to the new contract: each
// member's userdb gets the new validator (sign-up provisions a userdb only once), then every
// document the new rules would refuse is repaired where that is safe: unknown fields are dropped,
// and an optional field whose value no longer fits is cleared. A stamp dated ahead of the clock
// is set to the time of the repair (ADR 054); a message, whose id is made of its stamp and so
// cannot be re-dated in place, is deleted. What else cannot be repaired is counted and logged by
// kind, never deleted. A `_local` marker per database makes the pass resumable.
import { databaseKind, securityFor, type DatabaseKind, type UserCtx } from '../../../design-docs/src/databases.ts';
import { CONTRACT_MARKER_ID, DESIGN_VERSION, helpersFor, shapesFor, validatorFor } from '../../../design-docs/src/design-docs.ts';
import type { ShapeNode } from '../../../design-docs/src/shapes.ts';
import { provisionDatabase, type AdminCall } from '../../../couch/src/provision.ts';
import { holderOf, takeLease } from './lease.ts';
import { couchFor, eachInRange } from '../workers/couch.ts';
import type { ServerContext } from '../context.ts';

const PAGE = 200;
const SERVER: UserCtx = { name: null, roles: ['_admin'] };
/** Long enough for a pass over many userdbs; a server that dies holding it delays another's by this. */
const LEASE_MS = 10 * 60_000;

type Doc = Record<string, unknown> & { _id: string; _rev?: string; type?: unknown };

export interface RepairReport {
  databases: number;
  checked: number;
  /** Repaired documents, by type. */
  repaired: Record<string, number>;
  /** Documents the new rules refuse and no safe repair fits, by type and reason. */
  unrepairable: Record<string, number>;
  /** Messages deleted because they were dated ahead of the clock (ADR 054), by database kind. */
  deleted?: Record<string, number>;
}

function refusal(db: string, doc: Doc): string | null {
  try {
    validatorFor(db)(doc, null, SERVER, securityFor(db));
    return null;
  } catch (err) {
    const e = err as { forbidden?: string; unauthorized?: string };
    return e.forbidden ?? e.unauthorized ?? String(err);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The value with every field its shape does not name dropped, at any depth. */
function fit(kind: DatabaseKind, node: ShapeNode, v: unknown, top = false): unknown {
  const h = helpersFor(kind);
  switch (node.t) {
    case 'o': {
      if (!isObject(v)) return v;
      const out: Record<string, unknown> = {};
      for (const [k, val] of Object.entries(v)) {
        if (Object.hasOwn(node.p, k)) out[k] = fit(kind, node.p[k] as ShapeNode, val);
        else if (top && k.startsWith('_')) out[k] = val;
      }
      return out;
    }
    case 'a':
      return Array.isArray(v) ? v.map((x) => fit(kind, node.of, x)) : v;
    case 'r':
      return isObject(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fit(kind, node.of, x)])) : v;
    case 'u': {
      if (node.of.some((n) => h.shapeProblem(n, v, '') === null)) return v;
      for (const n of node.of) {
        const fitted = fit(kind, n, v);
        if (h.shapeProblem(n, fitted, '') === null) return fitted;
      }
      return v;
    }
    default:
      return v;
  }
}

/** The value with every stamp dated ahead of the clock (ADR 054) set to `at`, at any depth. */
function clampStamps(kind: DatabaseKind, node: ShapeNode, v: unknown, at: string): unknown {
  const h = helpersFor(kind);
  switch (node.t) {
    case 's':
      return node.c?.includes('stamp') && typeof v === 'string' && !h.notAhead(v) ? at : v;
    case 'o':
      if (!isObject(v)) return v;
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, Object.hasOwn(node.p, k) ? clampStamps(kind, node.p[k] as ShapeNode, x, at) : x]));
    case 'a':
      return Array.isArray(v) ? v.map((x) => clampStamps(kind, node.of, x, at)) : v;
    case 'r':
      return isObject(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, clampStamps(kind, node.of, x, at)])) : v;
    case 'u': {
      if (node.of.some((n) => h.shapeProblem(n, v, '') === null)) return v;
      for (const n of node.of) {
        const clamped = clampStamps(kind, n, v, at);
        if (h.shapeProblem(n, clamped, '') === null) return clamped;
      }
      return v;
    }
    default:
      return v;
  }
}

/** A message dated ahead of the clock: its id holds the stamp, so only deleting it repairs it. */
export function isMessageAhead(db: string, doc: Doc): boolean {
  const kind = databaseKind(db);
  return kind !== null && doc.type === 'message' && typeof doc.created_at === 'string' && !helpersFor(kind).notAhead(doc.created_at);
}

/** The document as the new rules accept it, or null when no safe repair does. `at`: the repair's time. */
export function repairedDoc(db: string, doc: Doc, at: string = new Date().toISOString()): Doc | null {
  const kind = databaseKind(db);
  const node = kind ? shapesFor(kind).types[String(doc.type)] : undefined;
  if (!kind || !node || node.t !== 'o') return null;
  const out = clampStamps(kind, node, fit(kind, node, doc, true), at) as Doc;
  // An optional field whose value no longer fits is cleared: the rest of the document stays saveable.
  for (const [k, field] of Object.entries(node.p)) {
    if (node.r.includes(k) || out[k] === undefined) continue;
    if (helpersFor(kind).shapeProblem(field, out[k], k) !== null) delete out[k];
  }
  return refusal(db, out) === null ? out : null;
}

async function marker(call: AdminCall, db: string): Promise<{ version?: number; _rev?: string } | null> {
  const res = await call('GET', `/${encodeURIComponent(db)}/${CONTRACT_MARKER_ID}`);
  return res.status === 200 ? (res.body as { version?: number; _rev?: string }) : null;
}

async function repairDatabase(call: AdminCall, db: string, report: RepairReport, signal?: AbortSignal): Promise<void> {
  const enc = encodeURIComponent(db);
  await eachInRange<Doc>(couchFor(call), db, {}, async (doc) => {
    signal?.throwIfAborted();
    if (doc._id.startsWith('_design/')) return;
    report.checked++;
    const why = refusal(db, doc);
    if (why === null) return;
    const type = String(doc.type);
    if (isMessageAhead(db, doc)) {
      const del = await call('DELETE', `/${enc}/${encodeURIComponent(doc._id)}?rev=${encodeURIComponent(String(doc._rev))}`);
      const kind = String(databaseKind(db));
      if (del.status === 200 || del.status === 202) (report.deleted ??= {})[kind] = (report.deleted[kind] ?? 0) + 1;
      else if (del.status !== 409 && del.status !== 404) throw new Error(`contract repair: deleting ${db}/${doc._id} answered ${del.status}`);
      return;
    }
    const fixed = repairedDoc(db, doc);
    if (fixed) {
      const put = await call('PUT', `/${enc}/${encodeURIComponent(doc._id)}`, fixed);
      // A member's own change meanwhile (409) went through the new rules already.
      if (put.status === 201 || put.status === 202) report.repaired[type] = (report.repaired[type] ?? 0) + 1;
      else if (put.status !== 409) throw new Error(`contract repair: saving ${db}/${doc._id} answered ${put.status}`);
    } else {
      const key = `${type}: ${why}`;
      report.unrepairable[key] = (report.unrepairable[key] ?? 0) + 1;
    }
  }, PAGE);
}

/** Brings every database to this DESIGN_VERSION's contract; databases already there are skipped. */
export async function repairToContract(call: AdminCall, signal?: AbortSignal): Promise<RepairReport> {
  const report: RepairReport = { databases: 0, checked: 0, repaired: {}, unrepairable: {} };
  const all = await call('GET', '/_all_dbs');
  if (all.status !== 200 || !Array.isArray(all.body)) throw new Error(`contract repair: listing databases answered ${all.status}`);
  for (const db of all.body as string[]) {
    signal?.throwIfAborted();
    const kind = databaseKind(db);
    if (!kind) continue;
    const done = await marker(call, db);
    if (done?.version === DESIGN_VERSION) continue;
    if (kind === 'userdb' && (await provisionDatabase(call, db, { existingOnly: true })).missing) continue;
    await repairDatabase(call, db, report, signal);
    const mark = await call('PUT', `/${encodeURIComponent(db)}/${CONTRACT_MARKER_ID}`, { version: DESIGN_VERSION, ...(done?._rev ? { _rev: done._rev } : {}) });
    if (mark.status === 404) continue;
    report.databases++;
  }
  return report;
}

/** The pass at start-up, in the background and once across servers sharing a backend. */
export async function repairAtStart(ctx: ServerContext, signal?: AbortSignal): Promise<RepairReport | null> {
  const lease = await takeLease(ctx.adminCall, 'contract-repair', holderOf(ctx.config.PORT, ctx.config.dataDir), LEASE_MS);
  if (!lease) return null;
  try {
    const report = await repairToContract(ctx.adminCall, signal);
    if (report.databases > 0) {
      const level = Object.keys(report.unrepairable).length > 0 ? 'warn' : 'info';
      ctx.log(level, `contract repair: ${report.databases} database(s) brought to design version ${DESIGN_VERSION}`, report);
    }
    return report;
  } finally {
    await lease.release().catch((err: unknown) => ctx.log('warn', 'could not release the contract-repair lease', err));
  }
}
