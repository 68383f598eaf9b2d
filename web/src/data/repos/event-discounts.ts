// The discount code shown to members on an event's page.
import type { EventDiscountDoc } from '../../../../design-docs/src/schemas/event-discount.ts';
import type { RepoContext } from './context.ts';
import { compareText, listType, validAt } from './query.ts';
import type { Item } from './query.ts';

export type EventDiscount = Item<EventDiscountDoc>;

export function createEventDiscountsRepo(ctx: RepoContext) {
  return {
    /** The single active discount of the event valid now (the newest start wins a tie). */
    async current(eventId: string): Promise<EventDiscount | null> {
      const me = ctx.member();
      if (!me) return null;
      const now = ctx.now();
      const valid = (await listType<EventDiscountDoc>(me.dbs.members, 'event_discount'))
        .filter((d) => d.event_id === eventId && d.active && validAt(d.valid_from, d.valid_until, now))
        .sort((a, b) => compareText(b.valid_from, a.valid_from));
      return valid[0] ?? null;
    },
  };
}
