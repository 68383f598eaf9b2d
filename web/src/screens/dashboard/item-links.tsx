// A titled list of catalogue items, each a link to its page: the sections of the liked and
// attending tabs. Plain text rows, no pictures: a member with hundreds of likes gets the list at
// once, offline, without hundreds of image requests.
import { Link } from 'react-router-dom';

export interface ItemLink {
  key: string;
  to: string;
  title: string;
  detail?: string;
}

export function ItemLinks({ id, title, items }: { id: string; title: string; items: readonly ItemLink[] }) {
  if (items.length === 0) return null;
  return (
    <section className="dash-section" aria-labelledby={id}>
      <h3 id={id} className="dash-section__title">
        {title} <span className="dash-section__count">({items.length})</span>
      </h3>
      <ul className="dash-links">
        {items.map((item) => (
          <li key={item.key}>
            <Link to={item.to} className="dash-links__link">
              <span className="dash-links__title">{item.title}</span>
              {item.detail && <span className="dash-links__detail">{item.detail}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
