// Fete Marqet: carnival products sold through external shop links.
import type { ProductDoc } from '../../../../design-docs/src/schemas/product.ts';
import { MARKET_PRICE_DEFAULT } from '../../../../design-docs/src/constants.ts';
import { docId } from '../../../../design-docs/src/ids.ts';
import type { RepoContext } from './context.ts';
import { compareText, getItem, listType, matchesText } from './query.ts';
import type { Item } from './query.ts';

export type Product = Item<ProductDoc>;

export interface ProductFilter {
  search?: string;
  category?: string | null;
  minPrice?: number;
  maxPrice?: number;
}

/**
 * Active products, newest first. The spec's text search is on name, description and brand;
 * pure, so screens filter in memory on each keystroke.
 */
export function filterProducts(all: readonly Product[], filter: ProductFilter = {}): Product[] {
  const min = filter.minPrice ?? MARKET_PRICE_DEFAULT.min;
  const max = filter.maxPrice ?? Number.POSITIVE_INFINITY;
  return all
    .filter((p) => p.active)
    .filter((p) => !filter.category || p.category === filter.category)
    .filter((p) => p.price >= min && p.price <= max)
    .filter((p) => matchesText(filter.search, p.name, p.description, p.brand))
    .sort((a, b) => compareText(b.created_at, a.created_at) || compareText(a.name, b.name));
}

export function createProductsRepo(ctx: RepoContext) {
  const all = () => listType<ProductDoc>(ctx.catalog(), 'product');
  return {
    all,
    async list(filter: ProductFilter = {}): Promise<Product[]> {
      return filterProducts(await all(), filter);
    },
    byId: (id: string) => getItem<ProductDoc>(ctx.catalog(), docId('product', id)),
  };
}
