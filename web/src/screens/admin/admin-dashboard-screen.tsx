// Admin Control (/admin): a card for every admin page. Site Settings is shown disabled.
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../components/catalog/index.ts';
import { AdminOnly } from './admin-only.tsx';
import { ADMIN_CARDS, COMING_SOON } from './admin-dashboard-cards.ts';

export function AdminDashboardScreen() {
  return (
    <AdminOnly>
      <AdminDashboard />
    </AdminOnly>
  );
}

function AdminDashboard() {
  useDocumentTitle('Admin Control');
  const headingId = useId();
  return (
    <section className="page admin-page" aria-labelledby={headingId}>
      <h1 id={headingId}>Admin Control</h1>
      <ul className="admin-cards">
        {ADMIN_CARDS.map((card) => (
          <li key={card.title}>
            {card.to ? (
              <Link className="admin-card" to={card.to}>
                <span className="admin-card__title">{card.title}</span>
                <span className="admin-card__text">{card.description}</span>
              </Link>
            ) : (
              <div className="admin-card admin-card--disabled" aria-disabled="true">
                <span className="admin-card__title">{card.title}</span>
                <span className="admin-card__text">{card.description}</span>
                <span className="tag tag--soft">{COMING_SOON}</span>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
