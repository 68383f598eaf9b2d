// Fete Faces: makeup and beauty providers, their testimonials gallery.
import type { ProviderDoc, Testimonial } from '../../../../design-docs/src/schemas/provider.ts';
import { docId } from '../../../../design-docs/src/ids.ts';
import type { RepoContext } from './context.ts';
import { compareProviders } from '../../../../design-docs/src/rules.ts';
import { byOrder, getItem, listType, matchesText } from './query.ts';
import { meetsRating } from '../../lib/provider-logic.ts';
import type { Item } from './query.ts';

export type Provider = Item<ProviderDoc>;

export interface ProviderFilter {
  search?: string;
  service?: string | null;
  /** 'state, country' as the cards show it. */
  location?: string | null;
  minRating?: number | null;
}

export function providerLocation(p: ProviderDoc): string {
  return [p.state, p.country].filter(Boolean).join(', ');
}

export function activeTestimonials(p: ProviderDoc): Testimonial[] {
  return (p.testimonials ?? []).filter((t) => t.active !== false).sort(byOrder);
}

/**
 * Active providers, best rated first. The spec's text search is on full name and services;
 * pure, so screens filter in memory on each keystroke.
 */
export function filterProviders(all: readonly Provider[], filter: ProviderFilter = {}): Provider[] {
  return all
    .filter((p) => p.active)
    .filter((p) => !filter.service || (p.services ?? []).includes(filter.service))
    .filter((p) => !filter.location || providerLocation(p) === filter.location)
    .filter((p) => meetsRating(p.rating, filter.minRating))
    .filter((p) => matchesText(filter.search, `${p.first_name} ${p.last_name}`, p.services))
    .sort(compareProviders);
}

export function createProvidersRepo(ctx: RepoContext) {
  const all = () => listType<ProviderDoc>(ctx.catalog(), 'provider');
  return {
    all,
    async list(filter: ProviderFilter = {}): Promise<Provider[]> {
      return filterProviders(await all(), filter);
    },
    byId: (id: string) => getItem<ProviderDoc>(ctx.catalog(), docId('provider', id)),
  };
}
