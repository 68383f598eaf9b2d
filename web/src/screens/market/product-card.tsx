// A market product: picture, brand, name, price with two decimals, an 'Out of Stock' badge, and
// 'Shop Now' out to the shop in a new tab. A product without a usable shop link says so instead.
import { ExternalLink, FeatureToggle, safeExternalUrl } from '../../components/catalog/index.ts';
import { FeteImage } from '../../components/image/fete-image.tsx';
import type { Product } from '../../data/repos/products.ts';
import { formatMoney } from '../../lib/money.ts';

export const NO_SHOP_LINK_TEXT = 'Shop link not available';

export function ProductCard({ product, featured }: { product: Product; featured: boolean }) {
  const shopUrl = safeExternalUrl(product.external_url);
  return (
    <article className="card product-card" data-testid="product-card">
      <div className="card__media">
        <FeteImage value={product.image_url} bucket="market-images" alt={product.name} width={400} height={300} size="small" />
        {!product.in_stock && <span className="status-badge status-badge--danger product-card__stock">Out of Stock</span>}
        <div className="card__overlay">
          <FeatureToggle itemType="marqet" itemId={product.id} itemName={product.name} featured={featured} />
        </div>
      </div>
      <div className="card__body">
        <p className="card__kicker product-card__brand">{product.brand}</p>
        <h2 className="card__title">{product.name}</h2>
        {product.category && <p className="card__meta">{product.category}</p>}
        <p className="product-card__price" data-testid="product-price">
          {formatMoney(product.price)}
        </p>
        <div className="card__footer">
          {shopUrl ? (
            <ExternalLink href={shopUrl} className="btn btn--primary btn--small">
              Shop Now
            </ExternalLink>
          ) : (
            <p className="product-card__no-shop">{NO_SHOP_LINK_TEXT}</p>
          )}
        </div>
      </div>
    </article>
  );
}
