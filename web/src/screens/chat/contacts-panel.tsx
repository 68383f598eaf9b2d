// The left panel: search, 'Public Chat' (Everyone), every other member with their unread badge
// and the time of the last message, the members this one blocked (to unblock), 'Back to Home'.
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '../../components/layout/avatar.tsx';
import { useToast } from '../../components/ui/index.ts';
import { badgeText } from '../../lib/badge.ts';
import type { DirectoryEntry } from '../../data/repos/profiles.ts';
import type { ContactRow } from './chat-logic.ts';
import { CHAT_TEXTS } from './chat-logic.ts';
import { formatRelative } from '../../lib/dates.ts';
import { ChatLoading } from './chat-states.tsx';
import { useNow } from './use-now.ts';

export interface ContactsPanelProps {
  /** The members and conversations are still being read from the device. */
  loading: boolean;
  rows: readonly ContactRow<DirectoryEntry>[];
  selected: string | null;
  search: string;
  onSearch: (q: string) => void;
  onOpen: (userId: string | null) => void;
  blocked: readonly { id: string; name: string }[];
  onUnblock?: (userId: string) => Promise<void>;
}

export function ContactsPanel({ loading, rows, selected, search, onSearch, onOpen, blocked, onUnblock }: ContactsPanelProps) {
  const now = useNow();
  const headingId = useId();
  const searchId = useId();
  return (
    <section className="chat-contacts" aria-labelledby={headingId}>
      <h2 id={headingId} className="chat-contacts__title">
        Contacts
      </h2>
      <label className="visually-hidden" htmlFor={searchId}>
        Search users
      </label>
      <input
        id={searchId}
        className="chat-contacts__search field__control"
        type="search"
        placeholder={CHAT_TEXTS.search}
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        autoComplete="off"
      />
      {loading && <ChatLoading className="chat-contacts__loading" />}
      <ul className="chat-contacts__list" data-testid="chat-contacts" hidden={loading}>
        <li>
          <button type="button" className="chat-contact" aria-current={selected === null ? 'true' : undefined} onClick={() => onOpen(null)}>
            <span className="chat-contact__avatar chat-contact__avatar--public" aria-hidden="true">
              #
            </span>
            <span className="chat-contact__body">
              <span className="chat-contact__name">{CHAT_TEXTS.publicChat}</span>
              <span className="chat-contact__meta">{CHAT_TEXTS.everyone}</span>
            </span>
          </button>
        </li>
        {rows.map((r) => {
          const name = [r.first_name, r.last_name].filter(Boolean).join(' ') || 'A member';
          return (
            <li key={r.id}>
              <button
                type="button"
                className="chat-contact"
                data-testid="chat-contact"
                data-user-id={r.id}
                aria-current={selected === r.id ? 'true' : undefined}
                onClick={() => onOpen(r.id)}
              >
                <Avatar url={r.avatar_url} size={40} className="chat-contact__avatar" />
                <span className="chat-contact__body">
                  <span className="chat-contact__name">{name}</span>
                  <span className="chat-contact__meta">{r.last_message_at ? formatRelative(r.last_message_at, now) : CHAT_TEXTS.noMessages}</span>
                </span>
                {r.unread > 0 && (
                  <span className="chat-contact__badge" data-testid="chat-unread-badge">
                    <span aria-hidden="true">{badgeText(r.unread)}</span>
                    <span className="visually-hidden">{`${r.unread} unread`}</span>
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      {!loading && rows.length === 0 && search.trim() !== '' && <p className="chat-contacts__empty">No users found</p>}
      {blocked.length > 0 && onUnblock && <BlockedList blocked={blocked} onUnblock={onUnblock} />}
      <Link className="chat-contacts__home" to="/">
        {CHAT_TEXTS.backToHome}
      </Link>
    </section>
  );
}

function BlockedList({ blocked, onUnblock }: { blocked: readonly { id: string; name: string }[]; onUnblock: (userId: string) => Promise<void> }) {
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  return (
    <details className="chat-blocked">
      <summary>{`Blocked members (${blocked.length})`}</summary>
      <ul>
        {blocked.map((b) => (
          <li key={b.id} className="chat-blocked__item">
            <span>{b.name}</span>
            <button
              type="button"
              className="btn btn--ghost btn--small"
              disabled={busy === b.id}
              onClick={() => {
                setBusy(b.id);
                onUnblock(b.id)
                  .then(() => toast.success(`${b.name} is unblocked`))
                  .catch(() => toast.error('Failed to unblock. Please try again.'))
                  .finally(() => setBusy(null));
              }}
            >
              {`Unblock ${b.name}`}
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
