// Event reminders (ADR 048): 24 h and 2 h before an event or band a member attends starts, in
// its local time. A tick (every minute) finds the targets whose reminder is due and claims one
// `reminder:` document per member in `accounts` before queuing their push: a claim is created
// once, so a restart or a second server finds it and sends nothing. When every attendee of a
// target is claimed, one more claim (user_id null) marks the target done, so later ticks skip
// it without reading its attendees again. Claims older than a few days are deleted by `_id` range.
// The targets are read a page at a time through an index on their local date (ADR 053): every
// one that can start within a day is served, however many events members create.
import { randomUUID } from 'node:crypto';
import type { ServerContext } from '../context.ts';
import { STARTING_SOON_MS, localDatesWithin, startOf } from '../../../design-docs/src/event-start.ts';
import { START_DATE_INDEXES } from '../../../design-docs/src/design-docs.ts';
import { reminderClaimId, type ReminderClaimDoc, type ReminderKind } from '../../../design-docs/src/schemas/push.ts';
import { mapBounded } from '../../../couch/src/bounded.ts';
import { ACCOUNTS_DB } from '../auth/accounts-repo.ts';
import { BackendError } from '../backend/backend.ts';
import { keepIfExclusive } from '../backend/exclusive-write.ts';
import { couchFor, eachInRange, prefixRange } from '../workers/couch.ts';
import type { PushMessage } from './sender.ts';
import { periodicPass } from '../periodic-pass.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const LEAD: Record<ReminderKind, number> = { '24h': STARTING_SOON_MS, '2h': 2 * HOUR };
/** Claims kept this long after the start, then deleted. */
const KEEP_CLAIMS_MS = 3 * DAY;
const CLAIM_BATCH = 500;
/** Targets of a page whose attendees are read and claimed at once. */
const TARGETS_AT_ONCE = 8;
/** Events (then bands) read per `_find` while a tick pages through the due dates (ADR 053). */
export const TARGETS_PER_PAGE = 500;

export interface Target {
  type: 'event' | 'band';
  id: string;
  title: string;
  location: string;
  /** HH:MM on the local clock, when the document gives one. */
  time: string | null;
  startsAt: number;
}

export interface DueReminder {
  target: Target;
  kind: ReminderKind;
}

/**
 * The reminders due at `now`: from the lead time until the start. The 24 h one is not sent
 * once the 2 h one is due; a target without a start time gets only the 24 h one (its start is
 * taken as midnight, so that is the evening before).
 */
export function dueReminders(targets: Target[], now: number): DueReminder[] {
  const due: DueReminder[] = [];
  for (const target of targets) {
    if (now >= target.startsAt) continue;
    const twoHours = target.time !== null && now >= target.startsAt - LEAD['2h'];
    if (twoHours) due.push({ target, kind: '2h' });
    else if (now >= target.startsAt - LEAD['24h']) due.push({ target, kind: '24h' });
  }
  return due;
}

export function reminderPush(r: DueReminder, now: number): PushMessage {
  const { target, kind } = r;
  const when = kind === '2h' ? `Starts at ${target.time}` : target.time ? `Tomorrow at ${target.time}` : 'Tomorrow';
  return {
    payload: {
      title: target.title.length > 80 ? `${target.title.slice(0, 79)}…` : target.title,
      body: target.location ? `${when} · ${target.location.slice(0, 150)}` : when,
      url: target.type === 'event' ? `/events/${encodeURIComponent(target.id)}` : `/bands/${encodeURIComponent(target.id)}`,
      tag: `reminder:${target.type}:${target.id}`,
    },
    // Worth nothing once it has started.
    opts: { ttl: Math.max(1, Math.floor((target.startsAt - now) / 1000)), urgency: 'high' },
  };
}

interface CatalogDoc {
  _id: string;
  title?: string;
  name?: string;
  location?: string;
  state?: string;
  country?: string;
  date?: string;
  start_date?: string | null;
  start_time?: string | null;
}

type TargetType = Target['type'];
const DATE_FIELD: Record<TargetType, 'date' | 'start_date'> = { event: 'date', band: 'start_date' };
const FIELDS = ['_id', 'title', 'name', 'location', 'state', 'country', 'date', 'start_date', 'start_time'];

/**
 * One page of the active events or bands dated `day`, after the id `after`, through the index
 * (type, date, _id): equal type and date, then an `_id` range, so the page starts where the last
 * one ended on both backends, and no id a member chooses puts a target out of reach.
 */
export function duePageQuery(type: TargetType, day: string, after: string, limit: number): Record<string, unknown> {
  const field = DATE_FIELD[type];
  const index = START_DATE_INDEXES[type];
  return {
    selector: { type, [field]: day, _id: { $gt: after }, active: true },
    sort: [{ type: 'asc' }, { [field]: 'asc' }, { _id: 'asc' }],
    use_index: [index.ddoc, index.name],
    fields: FIELDS,
    limit,
  };
}

function targetOf(type: TargetType, d: CatalogDoc): Target | null {
  const start = startOf({ ...d, type });
  if (!start) return null;
  const title = (type === 'event' ? d.title : d.name) ?? (type === 'event' ? 'Your event' : 'Your band');
  return { type, id: d._id.slice(type.length + 1), title, location: d.location ?? '', time: start.time, startsAt: start.startsAt };
}

/**
 * Visits, a page at a time, the events and bands that may start within a day of `now`: those
 * dated any local date that (now, now + 24 h] has in a zone they can be in. The ones that have
 * started are left out here; a page may come back empty of targets.
 */
async function eachTargetPage(ctx: ServerContext, now: number, pageSize: number, visit: (targets: Target[]) => Promise<void>): Promise<void> {
  const days = localDatesWithin(now, now + LEAD['24h']);
  for (const type of ['event', 'band'] as const) {
    for (const day of days) {
      let after = '';
      for (;;) {
        const ans = await ctx.adminCall('POST', '/catalog/_find', duePageQuery(type, day, after, pageSize));
        if (ans.status === 404) return;
        if (ans.status !== 200) throw new BackendError(ans.status, ans.body, 'find reminder targets in catalog');
        const body = ans.body as { docs?: CatalogDoc[]; next?: unknown };
        const docs = body.docs ?? [];
        const targets = docs.map((d) => targetOf(type, d)).filter((t): t is Target => t !== null && t.startsAt > now);
        if (targets.length > 0) await visit(targets);
        const last = docs[docs.length - 1];
        // A short page is the end, unless the embedded engine cut it at its byte budget (ADR 037).
        if (!last || (docs.length < pageSize && body.next === undefined)) break;
        after = last._id;
      }
    }
  }
}

// `created_at` is when the claim is written, by the real clock: the contract refuses a stamp ahead
// of the server's clock (ADR 054), and a tick may run on a clock of its own (the tests').
function claim(r: DueReminder, userId: string | null): ReminderClaimDoc {
  const base = { kind: r.kind, target_type: r.target.type, target_id: r.target.id, user_id: userId, starts_at: new Date(r.target.startsAt).toISOString() };
  return { _id: reminderClaimId(base), type: 'reminder', ...base, created_at: new Date().toISOString(), claim_id: randomUUID() };
}

/**
 * Creates the claims; answers the user ids whose claim this call created (a conflict is someone
 * else's). On a cluster two servers can each have a claim accepted by a different copy (ADR 039),
 * so each claim created is read back from every copy, and withdrawn beside a rival's.
 */
async function createClaims(ctx: ServerContext, docs: ReminderClaimDoc[]): Promise<Set<string>> {
  if (docs.length === 0) return new Set();
  const ans = await ctx.adminCall('POST', `/${ACCOUNTS_DB}/_bulk_docs`, { docs });
  if (ans.status !== 201 && ans.status !== 202) throw new Error(`writing reminder claims answered ${ans.status}`);
  const byId = new Map(docs.map((d) => [d._id, d]));
  const created = (ans.body as { id: string; ok?: boolean; rev?: string }[]).filter((r) => r.ok && typeof r.rev === 'string');
  const mine = new Set<string>();
  for (let i = 0; i < created.length; i += READ_BACKS_AT_ONCE) {
    await Promise.all(
      created.slice(i, i + READ_BACKS_AT_ONCE).map(async (r) => {
        if ((await keepIfExclusive(ctx.adminCall, ACCOUNTS_DB, r.id, r.rev as string, undefined)) === 'conflict') return;
        const userId = byId.get(r.id)?.user_id;
        if (userId) mine.add(userId);
      }),
    );
  }
  return mine;
}

/** Claims read back at once: a batch's reads go out together without flooding the backend. */
const READ_BACKS_AT_ONCE = 16;

export interface Reminders {
  /** One pass at `now` (the clock's time by default); answers how many members it claimed a reminder for (their switches decide the push). */
  tick(now?: number): Promise<number>;
  stop(): void;
}

export interface ReminderOptions {
  now?: () => number;
  intervalMs?: number;
  start?: boolean;
  /** Targets read per page (TARGETS_PER_PAGE); tests make it small to page through few documents. */
  pageSize?: number;
}

export function createReminders(ctx: ServerContext, opts: ReminderOptions = {}): Reminders {
  const clock = opts.now ?? Date.now;
  const pageSize = opts.pageSize ?? TARGETS_PER_PAGE;
  const couch = couchFor(ctx.adminCall);
  let lastCleanup = 0;

  async function pass(now: number): Promise<number> {
    let queued = 0;
    await eachTargetPage(ctx, now, pageSize, async (targets) => {
      queued += await serve(dueReminders(targets, now));
    });
    return queued;
  }

  /** Claims and queues the due reminders of one page of targets; answers how many members it claimed for. */
  async function serve(due: DueReminder[]): Promise<number> {
    if (due.length === 0) return 0;
    // Targets already done for their kind are skipped without reading their attendees.
    const markers = due.map((r) => claim(r, null)._id);
    const listed = await ctx.adminCall('POST', `/${ACCOUNTS_DB}/_all_docs`, { keys: markers });
    const done = new Set(((listed.body as { rows?: { key: string; value?: { deleted?: boolean } }[] })?.rows ?? []).filter((r) => r.value && !r.value.deleted).map((r) => r.key));
    const open = due.filter((r) => !done.has(claim(r, null)._id));
    let queued = 0;
    // A few targets at a time: a page of events nobody attends costs its reads side by side.
    await mapBounded(open, TARGETS_AT_ONCE, async (r) => {
      let batch: string[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        const mine = await createClaims(ctx, batch.map((u) => claim(r, u)));
        batch = [];
        for (const userId of mine) {
          ctx.push.notify(userId, 'reminders', () => reminderPush(r, clock()));
          queued++;
        }
      };
      await eachInRange<{ _id: string; user_id?: string }>(couch, 'members', prefixRange(`attendance:${r.target.type}:${r.target.id}:`), async (a) => {
        if (typeof a.user_id !== 'string') return;
        batch.push(a.user_id);
        if (batch.length >= CLAIM_BATCH) await flush();
      });
      await flush();
    });
    // Every attendee of the page's targets is claimed: their done-markers, in one write.
    await createClaims(ctx, open.map((r) => claim(r, null)));
    return queued;
  }

  async function cleanup(now: number): Promise<void> {
    if (now - lastCleanup < HOUR) return;
    lastCleanup = now;
    const before = new Date(now - KEEP_CLAIMS_MS).toISOString().slice(0, 10);
    const old: { _id: string; _rev: string; _deleted: true }[] = [];
    await eachInRange<{ _id: string; _rev?: string }>(couch, ACCOUNTS_DB, { start: 'reminder:', end: `reminder:${before}` }, (d) => {
      if (d._rev) old.push({ _id: d._id, _rev: d._rev, _deleted: true });
    });
    for (let i = 0; i < old.length; i += CLAIM_BATCH) await ctx.adminCall('POST', `/${ACCOUNTS_DB}/_bulk_docs`, { docs: old.slice(i, i + CLAIM_BATCH) });
  }

  const loop = periodicPass(
    async (now: number = clock()) => {
      const n = await pass(now);
      await cleanup(now);
      return n;
    },
    {
      intervalMs: opts.intervalMs ?? 60_000,
      start: opts.start,
      onError: (err) => ctx.log('warn', 'reminders: a pass failed; the next one tries again', err),
    },
  );
  return {
    tick: (now?: number) => loop.run(now),
    stop() {
      void loop.stop();
    },
  };
}
