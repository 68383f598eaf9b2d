// Manage Events (/admin/events) on the admin kit: every event, inactive too, newest date first;
// the add form with the spec's defaults; the per-item feature toggle (home "Top Event Picks").
import { createContext, useContext, useMemo } from 'react';
import { FeatureToggle, useFeaturedIds, useViewer } from '../../../components/catalog/index.ts';
import { FeteImage } from '../../../components/image/fete-image.tsx';
import { useDataLayer } from '../../../data/react.ts';
import { DetailsLink } from '../details/details-shell.tsx';
import { AdminKitScreen } from '../kit/admin-kit.tsx';
import type { KitPage } from '../kit/admin-kit.tsx';
import { Fact, StatusFact } from '../kit/kit-view.tsx';
import { formatDateRange, formatTimeRange } from '../../../lib/dates.ts';
import { formatMoney } from '../../../lib/money.ts';
import { EventFields } from './event-fields.tsx';
import { EVENT_BUCKET, EVENT_FIELD_LABELS, EVENT_TEXTS, USER_NOT_AUTHENTICATED, checkEventDraft, compareEvents, eventDraftOf, eventSearchFields, newEventDraft } from './event-admin-logic.ts';
import type { AdminEvent, EventDraft, EventInput } from './event-admin-logic.ts';

// Read once for the whole list, not once per row.
const FeaturedEvents = createContext<ReadonlySet<string>>(new Set());

export function ManageEventsScreen() {
  const data = useDataLayer();
  const { user } = useViewer();
  const userId = user?.id ?? null;
  const featured = useFeaturedIds('event');
  const repo = data.admin.events;

  const page = useMemo<KitPage<AdminEvent, EventDraft, EventInput>>(
    () => ({
      texts: EVENT_TEXTS,
      testId: 'event',
      load: () => repo.list(),
      loadFirst: () => repo.listOnDevice(),
      snapshot: true,
      add: (input) => {
        if (!userId) return Promise.reject(new Error(USER_NOT_AUTHENTICATED));
        return repo.add({ ...input, organizer_id: userId });
      },
      // The stored organizer stays: the repository saves the input over the whole record.
      update: (item, input) => repo.update(item, { ...input, organizer_id: item.organizer_id }),
      remove: (id) => repo.remove(id),
      byId: (id) => repo.byId(id),
      fieldLabels: EVENT_FIELD_LABELS,
      newDraft: newEventDraft,
      draftOf: eventDraftOf,
      check: checkEventDraft,
      searchFields: eventSearchFields,
      compare: compareEvents,
      titleOf: (e) => e.title,
      Fields: EventFields,
      View: EventView,
      Actions: EventActions,
    }),
    [repo, userId],
  );

  return (
    <FeaturedEvents.Provider value={featured}>
      <AdminKitScreen page={page} />
    </FeaturedEvents.Provider>
  );
}

function EventActions({ item }: { item: AdminEvent }) {
  const featured = useContext(FeaturedEvents);
  return (
    <div className="admin-details__row-actions">
      <DetailsLink to={`/admin/events/${item.id}/details`} name={item.title} />
      <FeatureToggle itemType="event" itemId={item.id} itemName={item.title} featured={featured.has(item.id)} />
    </div>
  );
}

function EventView({ item }: { item: AdminEvent }) {
  const when = formatTimeRange(item.start_time, item.end_time);
  const place = [item.location, item.state, item.country].filter(Boolean).join(', ');
  return (
    <div className="kit__media">
      <FeteImage value={item.image_url} bucket={EVENT_BUCKET} size="small" alt="" width={120} height={80} />
      <div className="kit__form">
        <dl className="kit__facts">
          <Fact label="Date" value={formatDateRange(item.date, item.end_date)} />
          {when && <Fact label="Time" value={when} />}
          <Fact label="Location" value={place} />
          <Fact label="Category" value={item.category ?? 'None'} />
          <Fact label="Price" value={formatMoney(item.price)} />
          <StatusFact active={item.active} />
        </dl>
        {item.description?.trim() && <p className="kit__description">{item.description}</p>}
      </div>
    </div>
  );
}
