// One row of the home page: a heading, a "See all" link to the full list, and its cards.
// A row with nothing to show is left out.
import { Fragment, useId } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { VisuallyHidden } from '../../components/ui/visually-hidden.tsx';

export interface HomeRowProps<T extends { id: string }> {
  title: string;
  /** The list this row is a taste of. */
  to: string;
  /** What "See all" opens, for screen readers ("carnival bands"). */
  seeAllOf: string;
  testId: string;
  items: readonly T[];
  /** One card (an <li>). */
  render: (item: T) => ReactNode;
}

export function HomeRow<T extends { id: string }>({ title, to, seeAllOf, testId, items, render }: HomeRowProps<T>) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <section className="home-row" aria-labelledby={headingId} data-testid={testId}>
      <div className="home-row__head">
        <h2 id={headingId} className="home-row__title">
          {title}
        </h2>
        <Link to={to} className="home-row__all">
          See all<VisuallyHidden> {seeAllOf}</VisuallyHidden>
        </Link>
      </div>
      <ul className="card-grid home-row__grid">
        {items.map((item) => (
          <Fragment key={item.id}>{render(item)}</Fragment>
        ))}
      </ul>
    </section>
  );
}
