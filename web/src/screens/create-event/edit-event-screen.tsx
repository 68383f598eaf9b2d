// /events/{id}/edit (ADR 032): the Create Event form, prefilled, for the event's organiser and
// admins; anyone else is told so instead of shown the form (the server refuses them anyway).
// Edits are written to the server over the version opened, so they need the connection: with
// none, the form says so and keeps what was typed (no written-ahead queue for edits).
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useSessionReady } from '../../data/session-ready.ts';
import { DetailLoading, ItemNotFound, useDocumentTitle } from '../../components/catalog/index.ts';
import { useViewer } from '../../components/catalog/use-viewer.ts';
import { Spinner } from '../../components/ui/index.ts';
import { outcomeOf, useQuery } from '../../data/hooks/use-query.ts';
import { useDataLayer } from '../../data/react.ts';
import { EditEventForm } from './edit-event-form.tsx';
import { canEditEvent } from '../../lib/can-edit-event.ts';
import { EDIT_SIGNED_OUT_MESSAGE, NOT_ORGANISER_MESSAGE } from './edit-event-logic.ts';
import './create-event.css';


export function EditEventScreen() {
  const { id = '' } = useParams<{ id: string }>();
  useDocumentTitle('Edit Event');
  const ready = useSessionReady();
  const { user, isAdmin } = useViewer();
  if (user === null) {
    if (!ready) return <Spinner label="Loading..." />;
    return (
      <EditPage>
        <div className="create-event__signed-out" role="alert">
          <p>{EDIT_SIGNED_OUT_MESSAGE}</p>
          <Link className="btn btn--primary" to="/signin" state={{ from: { pathname: `/events/${id}/edit` } }}>
            Sign In
          </Link>
        </div>
      </EditPage>
    );
  }
  return <EditEventLoader key={`${user.id}/${id}`} id={id} viewer={{ userId: user.id, isAdmin }} />;
}

function EditEventLoader({ id, viewer }: { id: string; viewer: { userId: string; isAdmin: boolean } }) {
  const data = useDataLayer();
  // reload(), after a conflict: the newest version, opened afresh.
  const load = useQuery(() => data.events.forEdit(id), [data, id]);
  const loaded = outcomeOf(load);
  const reload = load.reload;

  if (loaded.state === 'loading') return <DetailLoading text="Loading..." />;
  if (loaded.state === 'missing') return <ItemNotFound text="Event not found" backTo="/fete-guide" backLabel="Back to Fete Guide" />;
  if (loaded.state === 'failed') {
    return (
      <EditPage>
        <div className="create-event__signed-out" role="alert">
          <p>Failed to load the event. Please try again.</p>
        </div>
      </EditPage>
    );
  }
  const event = loaded.data;
  if (!canEditEvent(viewer, event)) {
    return (
      <EditPage>
        <div className="create-event__signed-out" role="alert" data-testid="edit-event-refused">
          <p>{NOT_ORGANISER_MESSAGE}</p>
          <Link className="btn btn--secondary" to={`/events/${event.id}`}>
            Back to the event
          </Link>
        </div>
      </EditPage>
    );
  }
  return (
    <EditPage>
      <EditEventForm key={`${event._id}@${event._rev ?? ''}`} event={event} onReload={reload} />
    </EditPage>
  );
}

function EditPage({ children }: { children: ReactNode }) {
  return (
    <section className="page create-event" aria-labelledby="create-event-title">
      <h1 id="create-event-title">Edit Event</h1>
      {children}
    </section>
  );
}
