// Marks the other member's messages read while their conversation is open: at once on opening,
// after a quiet moment for messages that arrive while it is open, and at once on leaving it or
// when the app goes to the background (read-mark-timer.ts, ADR 050).
import { useEffect, useRef } from 'react';
import { hasUnreadFrom } from './chat-logic.ts';
import type { MessageLike } from './chat-logic.ts';
import { createReadMarkTimer, type ReadMarkTimer } from './read-mark-timer.ts';

export function useReadMarks(messages: readonly MessageLike[] | undefined, otherId: string | null, me: string, markRead: () => Promise<void>): void {
  const timer = useRef<ReadMarkTimer | null>(null);
  const opening = useRef(true);

  useEffect(() => {
    if (otherId === null) return;
    // One mark at a time; one asked for meanwhile runs after it, and reads what is unread then.
    let running = false;
    let again = false;
    const mark = () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      markRead()
        .catch((err: unknown) => console.warn('[fete chat] mark read failed', err))
        .finally(() => {
          running = false;
          if (again) {
            again = false;
            mark();
          }
        });
    };
    const t = createReadMarkTimer({ mark });
    timer.current = t;
    opening.current = true;
    // The app going to the background (the phone locked, the tab closed) counts as leaving.
    const onHidden = () => {
      if (document.visibilityState === 'hidden') t.flush();
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      timer.current = null;
      t.flush();
    };
  }, [otherId, markRead]);

  useEffect(() => {
    const t = timer.current;
    if (otherId === null || t === null || messages === undefined) return;
    const justOpened = opening.current;
    opening.current = false;
    if (hasUnreadFrom(messages, otherId, me)) t.unread(justOpened);
  }, [messages, otherId, me]);
}
