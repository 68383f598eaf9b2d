// Fete Chat (/fete-chat): Contacts on the left, the public room
// or a private conversation on the right; on small screens the two panels alternate. Everything
// reads the device's databases through live queries: replication brings others' messages, so
// they appear without polling, and a message typed with no signal shows at once and waits.
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useSessionReady } from '../../data/session-ready.ts';
import { useViewer } from '../../components/catalog/use-viewer.ts';
import { useDataLayer } from '../../data/react.ts';
import { useBlockedIds } from '../../data/hooks/use-blocks.ts';
import { useDirectoryEntries } from '../../data/hooks/use-directory.ts';
import { useContacts } from '../../data/hooks/use-private-messages.ts';
import type { AuthUser } from '../../data/index.ts';
import { chatActions } from './chat-actions.ts';
import { CHAT_TEXTS, contactRows } from './chat-logic.ts';
import { ChatError, ChatLoading } from './chat-states.tsx';
import { ContactsPanel } from './contacts-panel.tsx';
import { Conversation } from './conversation.tsx';
import './chat.css';

export function FeteChatScreen() {
  const location = useLocation();
  const ready = useSessionReady();
  const { user, isAdmin } = useViewer();
  if (user === null) {
    if (!ready) return <ChatLoading />;
    // Sign-in required; the sign-in screen brings the member back here (with the conversation).
    return <Navigate to="/signin" replace state={{ from: location }} />;
  }
  return <Chat key={user.id} user={user} isAdmin={isAdmin} />;
}

/** `?selectedUserId=` opens a conversation; so does the navigation state the profile menu sends. */
function useSelectedUser(): [string | null, (userId: string | null) => void] {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const fromState = (location.state as { selectedUserId?: unknown } | null)?.selectedUserId;
  const fromUrl = params.get('selectedUserId');
  const selected = fromUrl || (typeof fromState === 'string' && fromState ? fromState : null);
  // The profile menu opens a conversation with navigation state: put it in the URL, so a reload
  // or a shared link keeps it.
  useEffect(() => {
    if (!fromUrl && selected) navigate({ pathname: '/fete-chat', search: `?${new URLSearchParams({ selectedUserId: selected }).toString()}` }, { replace: true });
  }, [fromUrl, selected, navigate]);
  const select = (userId: string | null) => {
    // A new history entry per conversation, so Back returns to the previous one.
    navigate({ pathname: '/fete-chat', search: userId ? `?${new URLSearchParams({ selectedUserId: userId }).toString()}` : '' });
  };
  return [selected, select];
}

function Chat({ user, isAdmin }: { user: AuthUser; isAdmin: boolean }) {
  const data = useDataLayer();
  const actions = useMemo(() => chatActions(data), [data]);
  const [selected, select] = useSelectedUser();
  const [search, setSearch] = useState('');
  // Small screens show one panel: the contacts, or (once one is opened) the messages.
  const [showMessages, setShowMessages] = useState(selected !== null);
  useEffect(() => {
    if (selected) setShowMessages(true);
  }, [selected]);

  const people = useDirectoryEntries(user.id);
  const activity = useContacts(user.id);
  const blocked = useBlockedIds(user.id);

  const entries = people.data?.entries;
  const byId = useMemo(() => new Map((entries ?? []).map((e) => [e.id, e])), [entries]);
  const blockedIds = useMemo(() => blocked.data ?? new Set<string>(), [blocked.data]);
  const rows = useMemo(
    () => contactRows(entries ?? [], activity.data ?? new Map(), { me: user.id, blocked: blockedIds, search }),
    [entries, activity.data, user.id, blockedIds, search],
  );

  if (people.error) return <ChatError message={CHAT_TEXTS.usersFailed} />;
  if (activity.error || blocked.error) return <ChatError message={CHAT_TEXTS.initFailed} />;

  const open = (userId: string | null) => {
    setShowMessages(true);
    if (userId !== selected) select(userId);
  };

  return (
    <div className={`chat${showMessages ? ' chat--messages' : ' chat--contacts'}`}>
      <h1 className="visually-hidden">Fete Chat</h1>
      <ContactsPanel
        loading={!entries || !activity.data}
        rows={rows}
        selected={selected}
        search={search}
        onSearch={setSearch}
        onOpen={open}
        blocked={[...blockedIds].map((id) => ({ id, name: nameOf(byId.get(id)) || 'A member' }))}
        onUnblock={(id) => actions.unblock(id)}
      />
      <Conversation
        key={selected ?? 'public'}
        me={user.id}
        isAdmin={isAdmin}
        otherId={selected}
        people={byId}
        blocked={blockedIds}
        actions={actions}
        onBack={() => setShowMessages(false)}
      />
    </div>
  );
}

export function nameOf(p: { first_name?: string | null; last_name?: string | null } | null | undefined): string {
  if (!p) return '';
  return [p.first_name, p.last_name].filter((s) => typeof s === 'string' && s.trim() !== '').join(' ');
}
