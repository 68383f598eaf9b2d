// Catalogue documents as dashboard rows: a title, one line of detail, and the item's page.
import type { EventDoc } from '../../../../design-docs/src/schemas/event.ts';
import type { BandDoc } from '../../../../design-docs/src/schemas/band.ts';
import type { ProviderDoc } from '../../../../design-docs/src/schemas/provider.ts';
import type { RestaurantDoc } from '../../../../design-docs/src/schemas/restaurant.ts';
import type { Item } from '../../data/repos/index.ts';
import { formatLongDate } from '../../lib/dates.ts';
import { joinPlace } from '../../lib/format.ts';
import type { ItemLink } from './item-links.tsx';

const path = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

export function eventRow(e: Item<EventDoc>): ItemLink {
  return { key: e._id, to: path('/events', e.id), title: e.title, detail: joinPlace(e.date ? formatLongDate(e.date) : null, e.location, e.country) };
}

export function bandRow(b: Item<BandDoc>): ItemLink {
  return { key: b._id, to: path('/bands', b.id), title: b.name, detail: joinPlace(b.year ? String(b.year) : null, b.country) };
}

export function providerRow(p: Item<ProviderDoc>): ItemLink {
  return { key: p._id, to: path('/fete-faces', p.id), title: `${p.first_name} ${p.last_name}`.trim(), detail: joinPlace(p.location, p.country) };
}

export function restaurantRow(r: Item<RestaurantDoc>): ItemLink {
  return { key: r._id, to: path('/restaurants', r.id), title: r.name, detail: joinPlace(r.cuisine, r.location) };
}
