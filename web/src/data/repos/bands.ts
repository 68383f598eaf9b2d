// Carnival bands (Fete Destinations) and the home page's top bands.
import type { BandDoc } from '../../../../design-docs/src/schemas/band.ts';
import { docId } from '../../../../design-docs/src/ids.ts';
import type { RepoContext } from './context.ts';
import { compareBands } from '../../../../design-docs/src/rules.ts';
import { getItem, listType, matchesText } from './query.ts';
import type { Item } from './query.ts';
import { featuredIds } from './featured.ts';

export type Band = Item<BandDoc>;

export interface BandFilter {
  search?: string;
  country?: string | null;
}

/** Active bands by start date, then name. Pure: screens filter in memory on each keystroke. */
export function filterBands(all: readonly Band[], filter: BandFilter = {}): Band[] {
  return all
    .filter((b) => b.active)
    .filter((b) => !filter.country || b.country === filter.country)
    .filter((b) => matchesText(filter.search, b.name, b.description, b.location))
    .sort(compareBands);
}

export function createBandsRepo(ctx: RepoContext) {
  const all = () => listType<BandDoc>(ctx.catalog(), 'band');
  async function list(filter: BandFilter = {}): Promise<Band[]> {
    return filterBands(await all(), filter);
  }

  return {
    all,
    /** Active bands by start date. */
    list,
    byId: (id: string) => getItem<BandDoc>(ctx.catalog(), docId('band', id)),
    /** Home: featured active bands by start date, three of them. */
    async homeFeatured(limit = 3): Promise<Band[]> {
      const featured = new Set(await featuredIds(ctx.catalog(), 'band'));
      return (await list()).filter((b) => featured.has(b.id)).slice(0, limit);
    },
  };
}
