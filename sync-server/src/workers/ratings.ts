// Aggregates: members write `rating:{target_type}:{target_id}:{user_id}` docs in `members`;
// the provider or band in `catalog` shows their mean and count. The figures are recomputed
// from every current rating of the target, never incremented, so replays change nothing.
import type { Change, Couch, Doc } from './couch.ts';
import { BackendError, docPath, eachInRange, prefixRange } from './couch.ts';
import type { WorkerSpec } from './runner.ts';
import { RATING_MAX, RATING_MIN, RATING_TARGET_TYPES } from '../../../design-docs/src/constants.ts';
import { revGeneration } from '../../../design-docs/src/ids.ts';

export const MEMBERS_DB = 'members';
export const CATALOG_DB = 'catalog';
const TARGET_TYPES = new Set<string>(RATING_TARGET_TYPES);

export interface RatingTarget {
  type: string;
  id: string;
}

/** `rating:{type}:{id}:{user}`; ids are hex or UUIDs, so the user id is after the last colon. */
export function parseRatingId(docId: string): RatingTarget | null {
  const m = /^rating:([^:]+):(.+):[^:]+$/.exec(docId);
  if (!m || !TARGET_TYPES.has(m[1] as string)) return null;
  return { type: m[1] as string, id: m[2] as string };
}

/** The exact mean rounded to 2 decimals (the UI shows one); 0 with no ratings, as the spec starts providers. */
export function aggregate(values: unknown[]): { rating: number; total_ratings: number } {
  const valid = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v) && v >= RATING_MIN && v <= RATING_MAX);
  if (valid.length === 0) return { rating: 0, total_ratings: 0 };
  const mean = valid.reduce((a, b) => a + b, 0) / valid.length;
  return { rating: Math.round(mean * 100) / 100, total_ratings: valid.length };
}

/** Whether a range read (id -> revision) shows a change, or something newer than it. */
function reflects(readRev: string | undefined, change: Change): boolean {
  const changed = revGeneration(change.changes[0]?.rev);
  if (change.deleted) return readRev === undefined || revGeneration(readRev) > changed;
  return readRev !== undefined && revGeneration(readRev) >= changed;
}

export function ratingsWorker(couch: Couch): WorkerSpec {
  async function recompute(t: RatingTarget, seen: Change[]): Promise<void> {
    const prefix = `rating:${t.type}:${t.id}:`;
    const ratings: unknown[] = [];
    const read = new Map<string, string>();
    await eachInRange(couch, MEMBERS_DB, prefixRange(prefix), (doc) => {
      ratings.push(doc.rating);
      read.set(doc._id, String(doc._rev));
    });
    // On a cluster the range is read from one copy per shard range, which may not have the
    // changes the feed just named yet: figures made from it would stay wrong until the target's
    // next rating. Such a run is retried, and the copy has caught up by then.
    const lagging = seen.find((c) => !reflects(read.get(c.id), c));
    if (lagging) throw new BackendError(503, null, `the ratings read do not show ${lagging.id} at ${lagging.changes[0]?.rev} yet`);
    const figures = aggregate(ratings);
    const path = docPath(CATALOG_DB, `${t.type}:${t.id}`);
    for (let attempt = 0; attempt < 5; attempt++) {
      const target = await couch.maybe<Doc>('GET', path);
      if (target === null) return; // unknown or deleted target: nothing to show the figures on
      if (target.rating === figures.rating && target.total_ratings === figures.total_ratings) return;
      const ans = await couch.maybe('PUT', path, { ...target, ...figures }).catch((err: unknown) => {
        if (err instanceof BackendError && err.status === 409) return 'conflict' as const;
        throw err;
      });
      if (ans !== 'conflict') return;
    }
    throw new BackendError(409, null, `updating ${t.type}:${t.id} keeps conflicting`);
  }

  return {
    name: 'ratings',
    includeDocs: false,
    sources: (db) => db === MEMBERS_DB,
    async process(_db, changes) {
      const targets = new Map<string, { target: RatingTarget; seen: Change[] }>();
      for (const c of changes) {
        const t = parseRatingId(c.id);
        if (!t) continue;
        const key = `${t.type}:${t.id}`;
        const entry = targets.get(key) ?? { target: t, seen: [] };
        entry.seen.push(c);
        targets.set(key, entry);
      }
      for (const { target, seen } of targets.values()) await recompute(target, seen);
    },
  };
}
