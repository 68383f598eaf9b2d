// The conversation's header: Back to the contacts, who (or which room) it is, Refresh, and the
// admin's Clear chat in the public room or Block / Unblock in a private one.
import { Avatar } from '../../components/layout/avatar.tsx';
import { BlockIcon, ChevronLeftIcon, SyncIcon } from '../../components/layout/icons.tsx';
import { Button } from '../../components/ui/index.ts';
import { CHAT_TEXTS } from './chat-logic.ts';

export interface ConversationHeaderProps {
  isPublic: boolean;
  title: string;
  avatarUrl: string | null | undefined;
  isAdmin: boolean;
  otherName: string;
  isBlocked: boolean;
  blocking: boolean;
  onBack: () => void;
  onRefresh: () => void;
  onClear: () => void;
  onBlock: () => void;
}

export function ConversationHeader({ isPublic, title, avatarUrl, isAdmin, otherName, isBlocked, blocking, onBack, onRefresh, onClear, onBlock }: ConversationHeaderProps) {
  return (
    <header className="chat-conv__header">
      <button type="button" className="chat-conv__back btn btn--ghost btn--small" onClick={onBack}>
        <ChevronLeftIcon size={18} />
        <span className="visually-hidden-narrow">Contacts</span>
      </button>
      {isPublic ? (
        <span className="chat-contact__avatar chat-contact__avatar--public" aria-hidden="true">
          #
        </span>
      ) : (
        <Avatar url={avatarUrl} size={40} />
      )}
      <div className="chat-conv__heading">
        <h2 id="chat-conv-title" className="chat-conv__title">
          {title}
        </h2>
        {isPublic && <p className="chat-conv__subtitle">{CHAT_TEXTS.everyone}</p>}
      </div>
      <div className="chat-conv__tools">
        <button type="button" className="chat-icon-btn" onClick={onRefresh} aria-label="Refresh messages" title="Refresh messages">
          <SyncIcon size={20} />
        </button>
        {isPublic && isAdmin && (
          <Button variant="danger" className="btn--small" onClick={onClear}>
            Clear chat
          </Button>
        )}
        {!isPublic && (
          // An icon with its name for screen readers: on a phone the member's whole name needs the
          // header's width.
          <button
            type="button"
            className={`chat-icon-btn${isBlocked ? ' chat-icon-btn--on' : ''}`}
            onClick={onBlock}
            disabled={blocking}
            aria-busy={blocking || undefined}
            aria-label={isBlocked ? 'Unblock' : 'Block'}
            title={isBlocked ? `Unblock ${otherName}` : `Block ${otherName}`}
          >
            <BlockIcon size={20} />
          </button>
        )}
      </div>
    </header>
  );
}
