// The messages, oldest first, in a live log: Load older messages on top of the public room
// (online), the empty text, and each message with what this viewer may do with it.
import type { RefObject } from 'react';
import { Button } from '../../components/ui/index.ts';
import type { ConversationMessage } from '../../data/hooks/use-conversation.ts';
import type { DirectoryEntry } from '../../data/repos/profiles.ts';
import { CHAT_TEXTS, SENT, canReport, deliveryState } from './chat-logic.ts';
import { canDelete, senderOf } from './conversation-logic.ts';
import { MessageItem } from './message-item.tsx';
import type { MessageActions } from './message-item.tsx';
import { useNow } from './use-now.ts';

export interface MessageLogProps {
  logRef: RefObject<HTMLDivElement | null>;
  onScroll: (el: HTMLElement) => void;
  title: string;
  /** Whether Load older messages shows. */
  canLoadOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** How many messages there are; `drawn` may be only the newest of them (the first paint). */
  count: number;
  drawn: readonly ConversationMessage[];
  me: string;
  isAdmin: boolean;
  people: ReadonlyMap<string, DirectoryEntry>;
  /** The messages kept on the device (older pages are not). */
  windowIds: ReadonlySet<string>;
  pending: ReadonlySet<string>;
  denied: ReadonlyMap<string, string>;
  seenId: string | null;
  busyId: string | null;
  actions: MessageActions;
}

export function MessageLog(props: MessageLogProps) {
  const { logRef, onScroll, title, canLoadOlder, loadingOlder, onLoadOlder, count, drawn, me, isAdmin, people, windowIds, pending, denied, seenId, busyId, actions } = props;
  const now = useNow();
  return (
    <div
      ref={logRef}
      className="chat-conv__log"
      role="log"
      aria-live="polite"
      aria-label={`Messages in ${title}`}
      tabIndex={0}
      onScroll={(e) => onScroll(e.currentTarget)}
      data-testid="chat-log"
    >
      {canLoadOlder && (
        <div className="chat-conv__older">
          <Button variant="ghost" className="btn--small" onClick={onLoadOlder} busy={loadingOlder}>
            Load older messages
          </Button>
        </div>
      )}
      {count === 0 ? (
        <p className="chat-conv__empty">{CHAT_TEXTS.noMessages}</p>
      ) : (
        <ul className="chat-conv__list">
          {drawn.map((m) => {
            const mine = m.sender_id === me;
            const sender = senderOf(m, people);
            return (
              <MessageItem
                key={m._id}
                id={m._id}
                content={m.content}
                createdAt={m.created_at}
                mine={mine}
                senderName={sender?.name ?? null}
                senderAvatar={sender?.avatarUrl ?? null}
                delivery={mine ? deliveryState(m._id, pending, denied, m.undelivered) : SENT}
                seen={m._id === seenId}
                now={now}
                busy={busyId === m._id}
                canDelete={canDelete(m, { id: me, isAdmin }, windowIds.has(m._id))}
                canReport={canReport(m, me)}
                actions={actions}
              />
            );
          })}
        </ul>
      )}
    </div>
  );
}
