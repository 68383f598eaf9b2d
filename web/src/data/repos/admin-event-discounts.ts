// Admins' event discount codes (ADR 029): `event_discount` documents of the server's
// `members` database (ADR 021), one per code, written by admins only (validate/members.js). The
// event page shows a member the one active and valid now (event-discounts.ts).
import { stamp } from './stamp.ts';
import type { EventDiscountDoc } from '../../../../design-docs/src/schemas/event-discount.ts';
import { docId, newId } from '../../../../design-docs/src/ids.ts';
import type { RepoContext } from './context.ts';
import { requireMember } from './context.ts';
import { getItem, listType, toItem } from './query.ts';
import type { Item } from './query.ts';

export type AdminEventDiscount = Item<EventDiscountDoc>;
/** What the add and edit forms give; `_id`, `type` and timestamps are the repository's. */
export type EventDiscountInput = Omit<EventDiscountDoc, '_id' | '_rev' | 'type' | 'created_at' | 'updated_at' | 'updated_by'>;

export function createAdminEventDiscountsRepo(ctx: RepoContext) {
  const remote = () => {
    requireMember(ctx);
    return ctx.remote('members');
  };
  // The write has been taken; the pull that shows it on this device (the event page) may come later.
  const pull = () => ctx.afterMembersWrite().catch(() => undefined);
  const byId = (id: string) => getItem<EventDiscountDoc>(remote(), docId('event_discount', id));

  return {
    /** The event's codes, inactive and expired too. */
    async list(eventId: string): Promise<AdminEventDiscount[]> {
      return (await listType<EventDiscountDoc>(remote(), 'event_discount')).filter((d) => d.event_id === eventId);
    },
    byId,
    async add(input: EventDiscountInput): Promise<AdminEventDiscount> {
      const stamped = stamp(ctx);
      const doc: EventDiscountDoc = { ...input, _id: docId('event_discount', newId()), type: 'event_discount', created_at: stamped.updated_at, ...stamped };
      const res = await remote().put(doc);
      await pull();
      return toItem({ ...doc, _rev: res.rev });
    },
    /** Saves the whole document over the version the admin edited (a newer one is a conflict). */
    async update(item: AdminEventDiscount, input: EventDiscountInput): Promise<AdminEventDiscount> {
      const { id: _id, ...stored } = item;
      const doc: EventDiscountDoc = { ...stored, ...input, ...stamp(ctx) };
      const res = await remote().put(doc);
      await pull();
      return toItem({ ...doc, _rev: res.rev });
    },
    async remove(id: string): Promise<void> {
      const current = await byId(id);
      if (current) await remote().remove(current._id, current._rev as string);
      await pull();
    },
  };
}

export type AdminEventDiscountsRepo = ReturnType<typeof createAdminEventDiscountsRepo>;
