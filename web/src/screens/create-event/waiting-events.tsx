// The member's events kept on this device and not yet published: each says it is waiting (or
// that the server refused it), and can be discarded. The Fete Guide shows none of them until
// they are published.
import type { OutgoingEvent } from '../../data/repos/outgoing-events.ts';
import { Button } from '../../components/ui/index.ts';
import { formatLongDate } from '../../lib/dates.ts';
import { CREATE_FAILED_MESSAGE, WAITING_MESSAGE } from './create-event-logic.ts';

export function WaitingEvents({ events, onDiscard }: { events: readonly OutgoingEvent[]; onDiscard(id: string): void }) {
  if (events.length === 0) return null;
  return (
    <section className="create-event__waiting" aria-labelledby="waiting-events-title" data-testid="waiting-events">
      <h2 id="waiting-events-title">On this device</h2>
      <ul>
        {events.map((e) => (
          <li key={e.id} className={e.refused ? 'create-event__waiting-item create-event__waiting-item--refused' : 'create-event__waiting-item'}>
            <div>
              <p className="create-event__waiting-title">{e.input.title}</p>
              <p className="create-event__waiting-meta">
                {formatLongDate(e.input.date)}
                {e.image ? ' · with image' : ''}
              </p>
              <p className="create-event__waiting-status">{e.refused ? `${CREATE_FAILED_MESSAGE}: ${e.refused}` : WAITING_MESSAGE}</p>
            </div>
            <Button variant="secondary" onClick={() => onDiscard(e.id)} aria-label={`Discard ${e.input.title}`}>
              Discard
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
