// An event's details (/admin/events/:id/details): its discount codes, `event_discount`
// documents of the members database, on the admin kit.
import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { outcomeOf, useQuery } from '../../../data/hooks/use-query.ts';
import { useDataLayer } from '../../../data/react.ts';
import type { AdminEventDiscount, EventDiscountInput } from '../../../data/repos/admin-event-discounts.ts';
import { AdminOnly } from '../admin-only.tsx';
import { AdminKit } from '../kit/admin-kit.tsx';
import type { KitPage } from '../kit/admin-kit.tsx';
import { DetailsShell } from './details-shell.tsx';
import { EVENT_DISCOUNT_TEXTS, checkEventDiscountDraft, eventDiscountDraftOf, eventDiscountSearchFields, newEventDiscountDraft } from './event-discount-logic.ts';
import type { EventDiscountDraft } from './event-discount-logic.ts';
import { EventDiscountFields, EventDiscountView } from './provider-event-detail-fields.tsx';
import { compareDiscounts } from './restaurant-detail-logic.ts';

export function EventDetailsScreen() {
  return (
    <AdminOnly>
      <EventDetails />
    </AdminOnly>
  );
}

function EventDetails() {
  const { id = '' } = useParams();
  const data = useDataLayer();
  const event = outcomeOf(useQuery(() => data.admin.events.byId(id), [data, id]));
  const title = event.state === 'ready' ? event.data.title : null;
  const missing = event.state === 'failed' || event.state === 'missing';

  const repo = data.admin.eventDiscounts;
  const page = useMemo<KitPage<AdminEventDiscount, EventDiscountDraft, EventDiscountInput>>(
    () => ({
      texts: EVENT_DISCOUNT_TEXTS,
      testId: 'event-discount',
      load: () => repo.list(id),
      byId: (discountId) => repo.byId(discountId),
      add: (input) => repo.add(input),
      update: (item, input) => repo.update(item, input),
      remove: (discountId) => repo.remove(discountId),
      newDraft: newEventDiscountDraft,
      draftOf: eventDiscountDraftOf,
      check: (draft) => checkEventDiscountDraft(draft, id),
      searchFields: eventDiscountSearchFields,
      compare: compareDiscounts,
      titleOf: (d) => d.code,
      Fields: EventDiscountFields,
      View: EventDiscountView,
    }),
    [repo, id],
  );
  return (
    <DetailsShell heading="Event Details" name={title} missing={missing} notFound="Event not found" back={{ to: '/admin/events', label: 'Back to Manage Events' }}>
      <AdminKit page={page} embedded />
    </DetailsShell>
  );
}
