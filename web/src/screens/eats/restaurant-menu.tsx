// The active menu items: name, description, price with two decimals, category and picture.
import type { MenuItem } from '../../../../design-docs/src/schemas/restaurant.ts';
import { FeteImage } from '../../components/image/fete-image.tsx';
import { formatMoney } from '../../lib/money.ts';

export function RestaurantMenu({ items }: { items: readonly MenuItem[] }) {
  return (
    <section className="detail__section" aria-labelledby="restaurant-menu-title">
      <h2 id="restaurant-menu-title">Menu</h2>
      <ul className="eats-menu" data-testid="restaurant-menu">
        {items.map((m) => (
          <li key={m.id} className="eats-menu__item" data-testid="menu-item">
            {m.image_url ? <FeteImage value={m.image_url} bucket="restaurant-images" alt="" width={96} height={96} size="small" className="eats-menu__image" /> : null}
            <div className="eats-menu__body">
              <div className="eats-menu__head">
                <h3 className="eats-menu__name">{m.name}</h3>
                <span className="eats-menu__price" data-testid="menu-price">
                  {formatMoney(m.price)}
                </span>
              </div>
              {m.category && <span className="chip">{m.category}</span>}
              {m.description && <p className="eats-menu__description">{m.description}</p>}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
