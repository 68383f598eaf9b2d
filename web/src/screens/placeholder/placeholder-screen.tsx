// A section that a later issue builds: its name as the heading and a "coming soon" line. The
// name comes from the route's handle.
import { Link } from 'react-router-dom';
import { useRouteMeta } from '../../app/route-meta.ts';

export function PlaceholderScreen() {
  const meta = useRouteMeta();
  const title = meta?.title ?? 'Fete';
  return (
    <section className="page placeholder" aria-labelledby="placeholder-title">
      <h1 id="placeholder-title">{title}</h1>
      {meta?.description && <p className="placeholder__lead">{meta.description}</p>}
      <p className="placeholder__soon">Coming soon: this part of Fete is on its way.</p>
      <Link to="/" className="btn btn--secondary">
        Back to Home
      </Link>
    </section>
  );
}
