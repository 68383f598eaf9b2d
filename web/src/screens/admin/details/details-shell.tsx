// The frame of a details page (ADR 029): a link back to its list, the heading with the
// parent's name, and 'not found' when the parent is gone. The sections are admin kits, embedded.
import { useId } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../../components/catalog/index.ts';
import './details.css';

export interface DetailsShellProps {
  /** 'Restaurant Details' */
  heading: string;
  /** The parent's name; null until it is read. */
  name: string | null;
  missing: boolean;
  /** 'Restaurant not found' */
  notFound: string;
  back: { to: string; label: string };
  children: ReactNode;
}

/** A row's link to its details page, in the kit's row actions. */
export function DetailsLink({ to, name }: { to: string; name: string }) {
  return (
    <Link className="btn btn--secondary" to={to} aria-label={`Details of ${name}`}>
      Details
    </Link>
  );
}

export function DetailsShell({ heading, name, missing, notFound, back, children }: DetailsShellProps) {
  const titleId = useId();
  useDocumentTitle(name ? `${heading}: ${name}` : heading);
  let body: ReactNode;
  if (missing) {
    body = (
      <div className="admin-panel" role="alert">
        <p>{notFound}</p>
      </div>
    );
  } else {
    // The sections load the parent themselves (each shows its own loading and Error panel).
    body = <div className="admin-details__sections">{children}</div>;
  }
  return (
    <section className="page admin-page admin-details" aria-labelledby={titleId}>
      <Link className="admin-details__back" to={back.to}>
        {back.label}
      </Link>
      <header className="admin-page__header">
        <h1 id={titleId}>
          {heading}
          {name && <span className="admin-details__name">{name}</span>}
        </h1>
      </header>
      {body}
    </section>
  );
}
