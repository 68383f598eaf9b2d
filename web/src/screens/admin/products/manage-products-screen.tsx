// Manage Products (/admin/products) on the admin kit: every market product, inactive too, newest
// first; sizes and colours typed one at a time; the feature toggle (type marqet).
import { createContext, useContext, useMemo } from 'react';
import { FeatureToggle, useFeaturedIds } from '../../../components/catalog/index.ts';
import { FeteImage } from '../../../components/image/fete-image.tsx';
import { useDataLayer } from '../../../data/react.ts';
import { AdminKitScreen } from '../kit/admin-kit.tsx';
import type { KitPage } from '../kit/admin-kit.tsx';
import { Fact, StatusFact } from '../kit/kit-view.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { TagPreview } from '../kit/tag-field.tsx';
import { ProductFields } from './product-fields.tsx';
import { PRODUCT_BUCKET, PRODUCT_TEXTS, checkProductDraft, compareProducts, newProductDraft, productDraftOf, productSearchFields } from './product-admin-logic.ts';
import type { AdminProduct, ProductDraft, ProductInput } from './product-admin-logic.ts';

const FeaturedProducts = createContext<ReadonlySet<string>>(new Set());

export function ManageProductsScreen() {
  const data = useDataLayer();
  const featured = useFeaturedIds('marqet');
  const repo = data.admin.products;
  const page = useMemo<KitPage<AdminProduct, ProductDraft, ProductInput>>(
    () => ({
      texts: PRODUCT_TEXTS,
      testId: 'product',
      load: () => repo.list(),
      add: (input) => repo.add(input),
      update: (item, input) => repo.update(item, input),
      remove: (id) => repo.remove(id),
      newDraft: newProductDraft,
      draftOf: productDraftOf,
      check: checkProductDraft,
      searchFields: productSearchFields,
      compare: compareProducts,
      titleOf: (p) => p.name,
      Fields: ProductFields,
      View: ProductView,
      Actions: ProductActions,
    }),
    [repo],
  );
  return (
    <FeaturedProducts.Provider value={featured}>
      <AdminKitScreen page={page} />
    </FeaturedProducts.Provider>
  );
}

function ProductActions({ item }: { item: AdminProduct }) {
  const featured = useContext(FeaturedProducts);
  return <FeatureToggle itemType="marqet" itemId={item.id} itemName={item.name} featured={featured.has(item.id)} />;
}

function ProductView({ item }: { item: AdminProduct }) {
  return (
    <div className="kit__media">
      <FeteImage value={item.image_url} bucket={PRODUCT_BUCKET} size="small" alt="" width={120} height={80} />
      <div className="kit__form">
        <dl className="kit__facts">
          <Fact label="Brand" value={item.brand} />
          <Fact label="Price" value={formatMoney(item.price)} />
          <Fact label="Category" value={item.category ?? 'None'} />
          <Fact label="Stock" value={item.in_stock === false ? 'Out of stock' : 'In stock'} />
          <StatusFact active={item.active} />
        </dl>
        <TagPreview label="Sizes" values={item.sizes} />
        <TagPreview label="Colours" values={item.colors} />
        {item.description?.trim() && <p className="kit__description">{item.description}</p>}
      </div>
    </div>
  );
}
