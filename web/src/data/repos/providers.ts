// Fete Faces: makeup and beauty providers, their testimonials gallery.
import type { ProviderDoc, Testimonial } from '../../../../design-docs/src/schemas/provider.ts';
import { docId } from '../../../../design-docs/src/ids.ts';
import type { RepoContext } from './context.ts';
import { byOrder, getItem, listType, matchesText } from './query.ts';
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

export function createProvidersRepo(ctx: RepoContext) {
  return {
    /** Active providers, best rated first. */
    async list(filter: ProviderFilter = {}): Promise<Provider[]> {
      return (await listType<ProviderDoc>(ctx.catalog(), 'provider'))
        .filter((p) => p.active)
        .filter((p) => !filter.service || (p.services ?? []).includes(filter.service))
        .filter((p) => !filter.location || providerLocation(p) === filter.location)
        .filter((p) => filter.minRating == null || (p.rating ?? 0) >= filter.minRating)
        .filter((p) => matchesText(filter.search, `${p.first_name} ${p.last_name}`, p.bio, p.services))
        .sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0));
    },
    byId: (id: string) => getItem<ProviderDoc>(ctx.catalog(), docId('provider', id)),
  };
}
