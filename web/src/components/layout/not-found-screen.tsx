// Unknown paths.
import { Link } from 'react-router-dom';

export function NotFoundScreen() {
  return (
    <section className="page page--centered" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="btn btn--primary">
        Go to Home
      </Link>
    </section>
  );
}
