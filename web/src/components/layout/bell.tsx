// The bell: the member's 5 latest form submissions, pending ones included, each with its status
// (data/repos/notifications.ts). Opening it marks them all seen (the ones that were new keep a
// "New" mark while it stays open); "Mark all as read" does the same. Above them, "Starting soon":
// the events and bands the member attends that start within a day (ADR 048), so a member without
// push gets the reminder in the app; it is not counted in the badge, which stays the spec's.
import { useCallback, useId, useRef, useState } from 'react';
import { useDataLayer } from '../../data/react.ts';
import { useStartingSoon } from '../../data/hooks/use-attendance.ts';
import { useNotifications } from '../../data/hooks/use-notifications.ts';
import type { BellEntry } from '../../data/repos/notifications.ts';
import type { StartingSoon } from '../../data/repos/starting-soon.ts';
import { Link } from 'react-router-dom';
import { badgeText } from '../../lib/badge.ts';
import { formatRelative } from '../../lib/dates.ts';
import { useToast } from '../ui/toast.tsx';
import { BellIcon } from './icons.tsx';
import { usePopoverDismiss } from './use-popover.ts';

const KNOWN_STATUSES = new Set(['pending', 'processed', 'completed']);

export function Bell({ userId }: { userId: string }) {
  const data = useDataLayer();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [newIds, setNewIds] = useState<ReadonlySet<string>>(new Set());
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const titleId = useId();

  const { data: list } = useNotifications(userId);
  const notifications = list ?? [];
  // Asked again each time the bell opens: an event leaves the list by the clock, not by a change.
  const { data: soon } = useStartingSoon(userId, open);
  const unseen = notifications.filter((n) => !n.seen).length;

  const markAll = useCallback(async (shown: readonly BellEntry[]) => {
    try {
      await data.notifications.markAllSeen(shown);
    } catch {
      toast.error('Failed to update notifications');
    }
  }, [data, toast]);

  const close = useCallback(({ returnFocus }: { returnFocus: boolean }) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);
  usePopoverDismiss(open, panelRef, buttonRef, close);

  function toggle() {
    if (open) return close({ returnFocus: false });
    setNewIds(new Set(notifications.filter((n) => !n.seen).map((n) => n.id)));
    setOpen(true);
    if (unseen > 0) void markAll(notifications);
    requestAnimationFrame(() => panelRef.current?.focus());
  }

  return (
    <div className="topbar-popover">
      <button
        ref={buttonRef}
        type="button"
        className="icon-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unseen > 0 ? `Notifications, ${unseen} new` : 'Notifications'}
        onClick={toggle}
      >
        <BellIcon />
        {unseen > 0 && (
          <span className="badge" aria-hidden="true">
            {badgeText(unseen)}
          </span>
        )}
      </button>
      <div ref={panelRef} id={panelId} className="popover popover--bell" role="region" aria-labelledby={titleId} tabIndex={-1} hidden={!open}>
        <div className="popover__head">
          <h2 id={titleId} className="popover__title">
            Notifications
          </h2>
          <button type="button" className="btn btn--ghost btn--small" onClick={() => void markAll(notifications).then(() => setNewIds(new Set()))} disabled={notifications.length === 0}>
            Mark all as read
          </button>
        </div>
        {soon && soon.length > 0 && <StartingSoonList items={soon} onPick={() => close({ returnFocus: false })} />}
        {notifications.length === 0 ? (
          <p className="popover__empty">No notifications yet</p>
        ) : (
          <ul className="notification-list">
            {notifications.map((n) => {
              const tone = KNOWN_STATUSES.has(n.status) ? n.status : 'error';
              const isNew = newIds.has(n.id) || !n.seen;
              return (
                <li key={n.id} className={`notification notification--${tone}${isNew ? ' notification--new' : ''}`}>
                  <span className="notification__dot" aria-hidden="true" />
                  <div className="notification__body">
                    <p className="notification__text">
                      {isNew && <span className="visually-hidden">New: </span>}
                      {n.text}
                    </p>
                    <p className="notification__time">{formatRelative(n.at)}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}

function startsIn(startsAt: number, now: number): string {
  const minutes = Math.max(1, Math.ceil((startsAt - now) / 60_000));
  if (minutes < 60) return `in ${minutes} min`;
  const hours = Math.round(minutes / 60);
  return `in ${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

function StartingSoonList({ items, onPick }: { items: readonly StartingSoon[]; onPick: () => void }) {
  const headingId = useId();
  const now = Date.now();
  return (
    <section className="starting-soon" aria-labelledby={headingId}>
      <h3 id={headingId} className="starting-soon__title">
        Starting soon
      </h3>
      <ul className="notification-list">
        {items.map((s) => (
          <li key={`${s.type}:${s.id}`} className="notification notification--soon">
            <span className="notification__dot" aria-hidden="true" />
            <div className="notification__body">
              <p className="notification__text">
                <Link to={`/${s.type}s/${encodeURIComponent(s.id)}`} onClick={onPick}>
                  {s.title}
                </Link>
              </p>
              <p className="notification__time">
                {s.time ? `Starts at ${s.time}, ${startsIn(s.startsAt, now)}` : `Starts ${startsIn(s.startsAt, now)}`}
                {s.location ? ` · ${s.location}` : ''}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
