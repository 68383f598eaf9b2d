// The upload sweep (ADR 055): removes uploads that no document has shown for UPLOAD_UNUSED_SECONDS
// (a day), and gives their bytes back to their owner's quota. One server at a time runs a pass (a
// lease in `accounts`); every step can be run again after a crash.
//
// A pass:
// 1. follows the changes of `catalog` and `members` (the databases with image fields) since its
//    checkpoint, and adds each document that names an upload to that upload's record (`refs`);
// 2. pages through the records due for a look (`check_after` passed, an index), and reads only the
//    documents each one lists: one still naming it keeps it another day; none, and it is removed
//    once it has been shown by nothing for the whole time (never shown: since it was made).
// A document that comes to show an upload is in the changes, and step 1 runs before step 2 in the
// same pass, so nothing shown is removed; a fresh upload not yet shown (a device publishes its
// event later, ADR 031) is first looked at a day after it was made. Files without a record (made
// before the records) are never looked at: the sweep only goes through records.
import path from 'node:path';
import type { ServerContext } from '../context.ts';
import { UPLOAD_REFS_MAX } from '../../../design-docs/src/schemas/account.ts';
import { UPLOAD_BUCKETS } from '../../../design-docs/src/constants.ts';
import { THUMB_SUFFIX } from '../../../design-docs/src/image-url.ts';
import { bulkDocs, getDoc, putDoc } from '../auth/doc-store.ts';
import { holderOf, takeLease } from '../backend/lease.ts';
import { checkpointStore } from '../workers/checkpoint.ts';
import { BackendError, couchFor, readChanges, type Seq } from '../workers/couch.ts';
import { UploadQuota } from './quota.ts';
import { ACCOUNTS, recordId, type UploadRecord } from './records.ts';
import { showsUpload, uploadPathsIn } from './references.ts';
import { SMALL_SUFFIX, removeQuietly, uploadLayout } from './storage.ts';
import { periodicPass } from '../periodic-pass.ts';

/** The databases whose documents have image fields (design-docs: every `imageLink` field). */
export const DATABASES_WITH_IMAGES = ['catalog', 'members'] as const;
/** Changes read per page while following. */
const CHANGES_PAGE = 500;
/** Records asked for at once (by key, or due). */
const RECORDS_PAGE = 200;
/** Records looked at per pass at most: the rest wait for the next pass. */
export const CHECKS_PER_PASS = 5_000;
/** A pass that outlives this frees the lease: a dead holder cannot stop the sweep for good. */
const LEASE_MS = 15 * 60 * 1000;
const LEASE_NAME = 'upload-sweep';

export interface SweepReport {
  /** Records that learned of a document showing them. */
  marked: number;
  /** Records looked at. */
  checked: number;
  /** Uploads removed. */
  removed: number;
}

export interface UploadSweepOptions {
  now?: () => number;
  /** Between passes (UPLOAD_SWEEP_SECONDS). */
  intervalMs?: number;
  /** How long an upload shown by nothing is kept (UPLOAD_UNUSED_SECONDS). */
  unusedMs?: number;
  /** Who this server is to the lease; by default its host, port and data folder. */
  holder?: string;
  /** false: no timer, passes only when asked (tests). */
  start?: boolean;
}

export interface UploadSweep {
  /** One pass; null when another server holds the lease. */
  pass(): Promise<SweepReport | null>;
  stop(): Promise<void>;
}

export function createUploadSweep(ctx: ServerContext, opts: UploadSweepOptions = {}): UploadSweep {
  const { adminCall: call, log } = ctx;
  const clock = opts.now ?? Date.now;
  const unusedMs = opts.unusedMs ?? ctx.config.UPLOAD_UNUSED_SECONDS * 1000;
  const holder = opts.holder ?? holderOf(ctx.config.PORT, ctx.config.dataDir);
  const couch = couchFor(call);
  const checkpoints = checkpointStore(couch, 'upload-refs');
  const quota = new UploadQuota(call, ctx.config.UPLOAD_BYTES_PER_MEMBER);
  const { uploadsRoot } = uploadLayout(ctx.config.dataDir);
  const iso = (t: number) => new Date(t).toISOString();
  // A server closing ends its pass between two steps; the next pass goes on from there.
  let stopped = false;

  /** Step 1: what the documents changed since the last pass show. */
  async function follow(report: SweepReport): Promise<void> {
    for (const db of DATABASES_WITH_IMAGES) {
      const cp = await checkpoints.load(db);
      while (!stopped) {
        let page;
        try {
          page = await readChanges(couch, db, cp.seq, CHANGES_PAGE, true);
        } catch (err) {
          // A checkpoint the database no longer knows (restored from a backup): from the start.
          if (err instanceof BackendError && err.status === 400 && cp.seq !== 0) {
            cp.seq = 0;
            continue;
          }
          throw err;
        }
        if (page === null || page.results.length === 0) break;
        const shown = new Map<string, Set<string>>();
        for (const change of page.results) {
          if (change.deleted || !change.doc) continue;
          for (const p of uploadPathsIn(change.doc)) {
            let refs = shown.get(p);
            if (!refs) shown.set(p, (refs = new Set()));
            refs.add(`${db}/${change.id}`);
          }
        }
        report.marked += await mark(shown);
        cp.seq = page.last_seq as Seq;
        await checkpoints.save(db, cp);
        const more = page.pending !== undefined ? page.pending > 0 : page.results.length >= CHANGES_PAGE;
        if (!more) break;
      }
    }
  }

  /** Adds the documents to the records of the uploads they show; answers how many records changed. */
  async function mark(shown: Map<string, Set<string>>): Promise<number> {
    const paths = [...shown.keys()];
    const now = clock();
    let changed = 0;
    for (let i = 0; i < paths.length; i += RECORDS_PAGE) {
      const keys = paths.slice(i, i + RECORDS_PAGE).map(recordId);
      const ans = await couch.json<{ rows: { doc?: UploadRecord | null }[] }>('POST', `/${ACCOUNTS}/_all_docs?include_docs=true`, { keys });
      const updates: UploadRecord[] = [];
      for (const row of ans.rows) {
        const rec = row.doc;
        if (!rec || rec.type !== 'upload') continue;
        const refs = new Set(rec.refs);
        const before = refs.size;
        for (const r of shown.get(rec.path) ?? []) refs.add(r);
        if (refs.size === before) continue;
        const pinned = rec.pinned || refs.size > UPLOAD_REFS_MAX;
        const checkAfter = Math.max(Date.parse(rec.check_after), now + unusedMs);
        updates.push({ ...rec, refs: [...refs].slice(0, UPLOAD_REFS_MAX), pinned, seen_at: iso(now), unreferenced_at: null, check_after: iso(checkAfter) });
      }
      // A conflict is a record removed meanwhile (account deletion): nothing to mark.
      changed += await bulkDocs(call, ACCOUNTS, updates);
    }
    return changed;
  }

  /** Step 2: the records due for a look. */
  async function check(report: SweepReport): Promise<void> {
    const seen = new Set<string>();
    while (report.checked < CHECKS_PER_PASS && !stopped) {
      const now = clock();
      const ans = await couch.json<{ docs: UploadRecord[] }>('POST', `/${ACCOUNTS}/_find`, {
        selector: { check_after: { $lte: iso(now) } },
        sort: [{ check_after: 'asc' }],
        limit: RECORDS_PAGE,
      });
      // A record whose write failed stays due; seen once, it waits for the next pass.
      const due = ans.docs.filter((d) => d.type === 'upload' && !seen.has(d._id));
      if (due.length === 0) return;
      for (const rec of due) {
        if (stopped) return;
        seen.add(rec._id);
        report.checked++;
        if (await look(rec, now)) report.removed++;
      }
    }
  }

  /** Looks at one record: kept (and when to look again), or removed (true). */
  async function look(rec: UploadRecord, now: number): Promise<boolean> {
    const again = (fields: Partial<UploadRecord>, at: number) => putDoc(call, ACCOUNTS, { ...rec, ...fields, check_after: iso(at) });
    if (rec.pinned) {
      await again({}, now + unusedMs);
      return false;
    }
    const still: string[] = [];
    for (const ref of rec.refs) {
      const slash = ref.indexOf('/');
      const db = ref.slice(0, slash);
      if (!(DATABASES_WITH_IMAGES as readonly string[]).includes(db)) continue;
      const doc = await getDoc(call, db, ref.slice(slash + 1));
      if (doc && !doc._deleted && showsUpload(doc, rec.path)) still.push(ref);
    }
    if (still.length > 0) {
      await again({ refs: still, seen_at: iso(now), unreferenced_at: null }, now + unusedMs);
      return false;
    }
    // Shown by nothing since when: its making when never shown, else since the sweep first found it so.
    const since = rec.seen_at === null ? Date.parse(rec.created_at) : rec.unreferenced_at === null ? null : Date.parse(rec.unreferenced_at);
    if (since === null || since > now - unusedMs) {
      await again({ refs: [], unreferenced_at: rec.unreferenced_at ?? iso(now) }, (since ?? now) + unusedMs);
      return false;
    }
    await remove(rec);
    return true;
  }

  async function remove(rec: UploadRecord): Promise<void> {
    if (!(UPLOAD_BUCKETS as readonly string[]).includes(rec.bucket) || !/^[A-Za-z0-9_-]+\/\d{13}-[0-9a-f]{12}\.webp$/.test(rec.path)) return;
    const large = path.join(uploadsRoot, rec.bucket, ...rec.path.split('/'));
    const base = large.slice(0, -'.webp'.length);
    await removeQuietly(large, `${base}${SMALL_SUFFIX}.webp`, `${base}${THUMB_SUFFIX}.webp`);
    if (rec.counted) await quota.giveBack(rec.owner, rec.bytes, rec._id);
    // A 409 (changed meanwhile) or 404 (gone): the next pass sees what is left.
    await call('DELETE', `/${ACCOUNTS}/${encodeURIComponent(rec._id)}?rev=${encodeURIComponent(String(rec._rev))}`);
    log('info', 'unused upload removed', { owner: rec.owner, bucket: rec.bucket, bytes: rec.bytes });
  }

  const loop = periodicPass(
    async (): Promise<SweepReport | null> => {
      if (stopped) return null;
      // On the wall clock, as every server reads it (the clock of `now` is for what is swept).
      const lease = await takeLease(call, LEASE_NAME, holder, LEASE_MS);
      if (!lease) return null;
      const report: SweepReport = { marked: 0, checked: 0, removed: 0 };
      try {
        await follow(report);
        await check(report);
      } finally {
        await lease.release().catch((err: unknown) => log('warn', 'upload sweep: the lease was not released; it runs out', err));
      }
      return report;
    },
    {
      intervalMs: opts.intervalMs ?? ctx.config.UPLOAD_SWEEP_SECONDS * 1000,
      start: opts.start,
      onError: (err) => log('warn', 'upload sweep: a pass failed; the next one tries again', err),
    },
  );
  return {
    pass: () => loop.run(),
    async stop() {
      stopped = true;
      await loop.stop();
    },
  };
}
