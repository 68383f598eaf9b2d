// One row of the home page: a heading, a "See all" link to the full list, and its cards.
// The caller leaves the row out when it has nothing to show.
import { useId } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { VisuallyHidden } from '../../components/ui/visually-hidden.tsx';

export interface HomeRowProps {
  title: string;
  /** The list this row is a taste of. */
  to: string;
  /** What "See all" opens, for screen readers ("carnival bands"). */
  seeAllOf: string;
  testId: string;
  children: ReactNode;
}

export function HomeRow({ title, to, seeAllOf, testId, children }: HomeRowProps) {
  const headingId = useId();
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
      <ul className="card-grid home-row__grid">{children}</ul>
    </section>
  );
}
