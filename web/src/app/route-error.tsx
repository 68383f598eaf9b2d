// What shows when a screen fails: its code could not be loaded (offline before it was cached,
// or a new version replaced it) or it threw. Inside the layout, with a way to retry.
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { NotFoundScreen } from '../components/layout/not-found-screen.tsx';

function isChunkError(err: unknown): boolean {
  const message = err instanceof Error ? err.message : String(err);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to fetch/i.test(message);
}

export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  const chunk = isChunkError(error);
  if (!chunk) console.error(error);
  return (
    <section className="page page--centered" aria-labelledby="route-error-title">
      <h1 id="route-error-title">{chunk ? 'This page could not be loaded' : 'Something went wrong'}</h1>
      <p>{chunk ? 'Check your connection, then try again.' : 'Please try again. If it keeps happening, reload the app.'}</p>
      <div className="page__actions">
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to="/" className="btn btn--secondary">
          Go to Home
        </Link>
      </div>
    </section>
  );
}
