// A restaurant owner's edits (ADR 029), offline-tolerant. The catalog is pulled, never pushed,
// so the owner's changes cannot wait in the outbox like their other writes: each is written
// ahead on the device (localStorage, synchronous: a reload right after Save keeps it) as one
// small operation, shown at once over the device's copy, and published when the signal is there.
//
// Publishing replays the waiting operations, in order, on the server's newest version and saves
// it once. Every operation is safe to replay (fields are set, an entry added once by its id,
// removed or replaced by its id), so a publish cut off after the server took it does no harm
// when repeated: each edit lands exactly once. A 409 (an admin saved meanwhile) replays again on
// their version. A refusal (403, or the restaurant gone) drops the operations and says why.
import type { RestaurantDoc } from '../../../../design-docs/src/schemas/restaurant.ts';
import { RESTAURANT_OWNER_LOCKED_FIELDS } from '../../../../design-docs/src/rules.ts';
import { docId, newId } from '../../../../design-docs/src/ids.ts';
import { isConflict, isNotFound, statusOf } from '../pouch.ts';
import { createStore } from '../store.ts';
import type { ReadableStore } from '../store.ts';
import type { RepoContext } from './context.ts';
import { replaySubListChange } from './sub-lists.ts';
import type { SubItem, SubListChange } from './sub-lists.ts';

export type OwnerListKey = 'menu_items' | 'photos' | 'discounts';
/** What an owner may set on their restaurant: not its owner, its state, its id or type. */
export type RestaurantPatch = Partial<Omit<RestaurantDoc, '_id' | '_rev' | 'type' | 'created_at' | 'updated_at' | 'updated_by' | OwnerListKey | (typeof RESTAURANT_OWNER_LOCKED_FIELDS)[number]>>;

export type OwnerOp =
  | { op: string; at: string; kind: 'fields'; patch: RestaurantPatch }
  | { op: string; at: string; kind: 'list'; key: OwnerListKey; change: SubListChange<SubItem> };

/** Distributes Omit over the union, so each kind keeps its own fields. */
export type NewOwnerOp = OwnerOp extends infer O ? (O extends OwnerOp ? Omit<O, 'op' | 'at'> : never) : never;

export interface WaitingEdits {
  ops: OwnerOp[];
  /** The server refused the last publish (not a network problem): what it said. */
  refused?: string;
}

/** Per restaurant id. */
export type WaitingByRestaurant = Readonly<Record<string, WaitingEdits>>;

const KEY = 'owner-edits';
/** Operations one restaurant may hold waiting; past it the edit is refused on the device. */
export const OWNER_OPS_MAX = 200;
export const TOO_MANY_WAITING = 'Too many changes are waiting to be published. Please connect to publish them first.';
export const RESTAURANT_GONE = 'This restaurant no longer exists.';

/** The fields an owner may never set, dropped from any patch (the validator refuses them too). */
function cleanPatch(patch: RestaurantPatch): Record<string, unknown> {
  const clean: Record<string, unknown> = { ...patch };
  for (const f of [...RESTAURANT_OWNER_LOCKED_FIELDS, '_id', '_rev', 'type', 'id', 'menu_items', 'photos', 'discounts', 'created_at', 'updated_at', 'updated_by']) delete clean[f];
  return clean;
}

/** The restaurant with the waiting operations replayed over it (pure). */
export function applyOwnerOps<T extends RestaurantDoc>(doc: T, ops: readonly OwnerOp[]): T {
  let next: T = doc;
  for (const op of ops) {
    if (op.kind === 'fields') next = { ...next, ...cleanPatch(op.patch) };
    else next = { ...next, [op.key]: replaySubListChange((next[op.key] ?? []) as SubItem[], op.change) };
  }
  return next;
}

function retryable(err: unknown): boolean {
  const status = statusOf(err);
  return status === undefined || status === 0 || status === 401 || status === 408 || status === 429 || status >= 500;
}

function reasonOf(err: unknown): string {
  const e = err as { reason?: unknown; message?: unknown } | null;
  const text = typeof e?.reason === 'string' ? e.reason : typeof e?.message === 'string' ? e.message : '';
  return text || 'Failed to update restaurant';
}

export type PublishResult = 'published' | 'waiting' | 'refused' | 'nothing';

export function createOwnerEdits(ctx: RepoContext) {
  const store = createStore<WaitingByRestaurant>({});
  const running = new Map<string, Promise<PublishResult>>();

  function read(userId: string): Record<string, WaitingEdits> {
    try {
      const raw = ctx.storage()?.getItem(ctx.memberKey(userId, KEY));
      if (!raw) return {};
      const parsed = JSON.parse(raw) as unknown;
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
      const out: Record<string, WaitingEdits> = {};
      for (const [id, value] of Object.entries(parsed as Record<string, unknown>)) {
        const v = value as Partial<WaitingEdits> | null;
        if (!v || !Array.isArray(v.ops)) continue;
        out[id] = { ops: v.ops.filter((o): o is OwnerOp => typeof (o as OwnerOp | null)?.op === 'string'), ...(typeof v.refused === 'string' ? { refused: v.refused } : {}) };
      }
      return out;
    } catch {
      return {};
    }
  }

  /** Synchronous: when it returns, a reload keeps the edit. Throws when storage refuses. */
  function write(userId: string, all: Record<string, WaitingEdits>): void {
    const storage = ctx.storage();
    if (!storage) throw new Error('This device cannot keep changes (storage is blocked)');
    const kept = Object.fromEntries(Object.entries(all).filter(([, w]) => w.ops.length > 0 || w.refused));
    const key = ctx.memberKey(userId, KEY);
    if (Object.keys(kept).length === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(kept));
    store.set(kept);
  }

  function me(): string | null {
    return ctx.member()?.userId ?? null;
  }

  function refresh(): void {
    const userId = me();
    const next = userId ? read(userId) : {};
    if (JSON.stringify(next) !== JSON.stringify(store.getSnapshot())) store.set(next);
  }

  async function publishOne(userId: string, restaurantId: string): Promise<PublishResult> {
    const taken = read(userId)[restaurantId]?.ops ?? [];
    if (taken.length === 0) return 'nothing';
    const remote = ctx.catalogRemote();
    const done = (drop: (op: OwnerOp) => boolean, refused?: string) => {
      const all = read(userId);
      const left = (all[restaurantId]?.ops ?? []).filter((o) => !drop(o));
      all[restaurantId] = { ops: left, ...(refused ? { refused } : {}) };
      write(userId, all);
    };
    const takenIds = new Set(taken.map((o) => o.op));
    try {
      for (let attempt = 0; ; attempt++) {
        const current = (await remote.get(docId('restaurant', restaurantId))) as RestaurantDoc & { _rev: string };
        const next = applyOwnerOps(current, taken);
        try {
          await remote.put({ ...next, updated_at: ctx.now().toISOString(), updated_by: userId });
          break;
        } catch (err) {
          if (!isConflict(err) || attempt >= 3) throw err;
        }
      }
    } catch (err) {
      if (isNotFound(err)) {
        done(() => true, RESTAURANT_GONE);
        return 'refused';
      }
      if (retryable(err)) return 'waiting';
      done((o) => takenIds.has(o.op), reasonOf(err));
      return 'refused';
    }
    // Only what was replayed goes: an edit made while publishing waits for the next round.
    done((o) => takenIds.has(o.op));
    await ctx.afterCatalogWrite().catch(() => undefined);
    return 'published';
  }

  function publish(restaurantId: string): Promise<PublishResult> {
    const userId = me();
    if (!userId) return Promise.resolve('waiting');
    const key = `${userId}:${restaurantId}`;
    // One publish per restaurant at a time; a second asks again once the first is done.
    const before = running.get(key) ?? Promise.resolve<PublishResult>('nothing');
    const next = before
      .catch(() => 'waiting' as const)
      .then(() => publishOne(userId, restaurantId))
      .finally(() => {
        if (running.get(key) === next) running.delete(key);
      });
    running.set(key, next);
    return next;
  }

  return {
    /** The waiting edits of the signed-in owner, per restaurant; screens watch it. */
    waiting: store as ReadableStore<WaitingByRestaurant>,
    refresh,
    count(): number {
      return Object.values(store.getSnapshot()).reduce((n, w) => n + w.ops.length, 0);
    },

    /** Writes the edit ahead on the device, then tries to publish it. */
    async edit(restaurantId: string, op: NewOwnerOp): Promise<PublishResult> {
      const userId = me();
      if (!userId) throw new Error('Please sign in again');
      const all = read(userId);
      const entry = all[restaurantId] ?? { ops: [] };
      if (entry.ops.length >= OWNER_OPS_MAX) throw new Error(TOO_MANY_WAITING);
      all[restaurantId] = { ops: [...entry.ops, { ...op, op: newId(), at: ctx.now().toISOString() } as OwnerOp] };
      write(userId, all);
      return publish(restaurantId);
    },

    publish,

    async publishAll(): Promise<void> {
      const userId = me();
      if (!userId) return;
      for (const id of Object.keys(read(userId))) await publish(id);
    },

    /** The owner read why the server refused; stop showing it. */
    dismiss(restaurantId: string): void {
      const userId = me();
      if (!userId) return;
      const all = read(userId);
      const entry = all[restaurantId];
      if (!entry?.refused) return;
      all[restaurantId] = { ops: entry.ops };
      write(userId, all);
    },
  };
}

export type OwnerEdits = ReturnType<typeof createOwnerEdits>;
