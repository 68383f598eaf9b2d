// One message: who and when, the text, and what this viewer may do with it — delete (own, a
// private one received from one's own inbox, or any public one for an admin), report (others'),
// and for a message of mine still on the device its delivery: waiting, or refused with the
// server's reason, Retry and Delete.
import { memo } from 'react';
import { Avatar } from '../../components/layout/avatar.tsx';
import type { DeliveryState } from './chat-logic.ts';
import { formatDateTime, formatRelative } from '../../lib/dates.ts';
import { MessageText } from './message-text.tsx';

export interface MessageActions {
  remove(id: string): void;
  report(id: string): void;
  retry(id: string): void;
}

export interface MessageItemProps {
  id: string;
  content: string;
  createdAt: string;
  mine: boolean;
  /** Shown in the public room (private messages are between two known people). */
  senderName: string | null;
  senderAvatar: string | null;
  delivery: DeliveryState;
  seen: boolean;
  now: Date;
  canDelete: boolean;
  canReport: boolean;
  busy: boolean;
  /** Stable across renders, so a new message re-renders that message alone. */
  actions: MessageActions;
}

/** Memoised: the public room shows up to 500 messages, and one arriving must not redraw them all. */
export const MessageItem = memo(function MessageItem({ id, content, createdAt, mine, senderName, senderAvatar, delivery, seen, now, canDelete, canReport, busy, actions }: MessageItemProps) {
  const when = new Date(createdAt);
  const onDelete = canDelete ? () => actions.remove(id) : undefined;
  const onReport = canReport ? () => actions.report(id) : undefined;
  const onRetry = mine ? () => actions.retry(id) : undefined;
  return (
    <li className={`chat-msg${mine ? ' chat-msg--mine' : ''}${delivery.kind === 'refused' ? ' chat-msg--refused' : ''}`} data-testid="chat-message" data-message-id={id}>
      {senderName !== null && !mine && <Avatar url={senderAvatar} size={32} className="chat-msg__avatar" />}
      <div className="chat-msg__bubble">
        <p className="chat-msg__head">
          {senderName !== null && <span className="chat-msg__sender">{mine ? 'You' : senderName}</span>}
          <time className="chat-msg__time" dateTime={createdAt} title={Number.isNaN(when.getTime()) ? undefined : formatDateTime(when)}>
            {formatRelative(createdAt, now)}
          </time>
        </p>
        <MessageText text={content} />
        {delivery.kind === 'waiting' && (
          <p className="chat-msg__status" data-testid="chat-waiting">
            Waiting to send
          </p>
        )}
        {delivery.kind === 'refused' && (
          <div className="chat-msg__refused" data-testid="chat-refused">
            <p className="chat-msg__status chat-msg__status--error">{`Not sent: ${delivery.reason}`}</p>
            <div className="chat-msg__actions">
              {onRetry && (
                <button type="button" className="btn btn--secondary btn--small" onClick={onRetry} disabled={busy}>
                  Retry
                </button>
              )}
              {onDelete && (
                <button type="button" className="btn btn--ghost btn--small" onClick={onDelete} disabled={busy}>
                  Delete
                </button>
              )}
            </div>
          </div>
        )}
        {seen && (
          <p className="chat-msg__status" data-testid="chat-seen">
            Seen
          </p>
        )}
        {delivery.kind !== 'refused' && (onDelete || onReport) && (
          <div className="chat-msg__actions">
            {onReport && (
              <button type="button" className="chat-msg__action" onClick={onReport} aria-label={`Report message from ${senderName ?? 'this member'}`}>
                Report
              </button>
            )}
            {onDelete && (
              <button type="button" className="chat-msg__action chat-msg__action--danger" onClick={onDelete} disabled={busy} aria-label="Delete message">
                Delete
              </button>
            )}
          </div>
        )}
      </div>
    </li>
  );
});
