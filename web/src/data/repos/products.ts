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

export function createProductsRepo(ctx: RepoContext) {
  return {
    async list(filter: ProductFilter = {}): Promise<Product[]> {
      const min = filter.minPrice ?? MARKET_PRICE_DEFAULT.min;
      const max = filter.maxPrice ?? Number.POSITIVE_INFINITY;
      return (await listType<ProductDoc>(ctx.catalog(), 'product'))
        .filter((p) => p.active)
        .filter((p) => !filter.category || p.category === filter.category)
        .filter((p) => p.price >= min && p.price <= max)
        .filter((p) => matchesText(filter.search, p.name, p.description, p.brand, p.category))
        .sort((a, b) => compareText(b.created_at, a.created_at) || compareText(a.name, b.name));
    },
    byId: (id: string) => getItem<ProductDoc>(ctx.catalog(), docId('product', id)),
  };
}
