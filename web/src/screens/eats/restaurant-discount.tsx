// The restaurant's offer valid today (spec: shown to everyone, unlike event discount codes).
import type { RestaurantDiscount } from '../../../../design-docs/src/schemas/restaurant.ts';
import { discountTitle } from './restaurant-text.ts';

export function RestaurantDiscountNote({ discount }: { discount: RestaurantDiscount }) {
  return (
    <section className="detail__section eats-discount" aria-labelledby="restaurant-discount-title" data-testid="restaurant-discount">
      <h2 id="restaurant-discount-title">Discount</h2>
      <p className="eats-discount__percent">{discountTitle(discount.percentage)}</p>
      <p className="eats-discount__description">{discount.description}</p>
      {discount.terms_conditions && (
        <p className="eats-discount__terms">
          <strong>Terms &amp; Conditions: </strong>
          {discount.terms_conditions}
        </p>
      )}
    </section>
  );
}
