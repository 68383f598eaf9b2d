// The right panel: the public room or one private conversation. Messages come from the device
// (live queries over `chat` or the member's userdb), so new and deleted ones appear as
// replication brings them, and one typed with no signal shows at once, marked as waiting.
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Avatar } from '../../components/layout/avatar.tsx';
import { BlockIcon, ChevronLeftIcon, SyncIcon } from '../../components/layout/icons.tsx';
import { Button, ConfirmDialog, useToast } from '../../components/ui/index.ts';
import { useDataLayer, useLiveQuery, useSyncStatus } from '../../data/react.ts';
import type { Message } from '../../data/repos/messages.ts';
import type { DirectoryEntry } from '../../data/repos/profiles.ts';
import type { ChatActions } from './chat-actions.ts';
import { chatNotice } from './chat-actions.ts';
import type { ReportReason } from './chat-logic.ts';
import { CHAT_TEXTS, SENT, deletePath, deliveryState, hasUnreadFrom, inputPlaceholder, isNearBottom, mergeById, messagesToDraw, seenMessageId } from './chat-logic.ts';
import { canReport as canReportRule } from './chat-logic.ts';
import { ChatError, ChatLoading } from './chat-states.tsx';
import { Composer } from './composer.tsx';
import { MessageItem } from './message-item.tsx';
import type { MessageActions } from './message-item.tsx';
import { ReportDialog } from './report-dialog.tsx';
import { useNow } from './use-now.ts';
import { usePushInvite } from '../../components/push/use-push-invite.ts';

export interface ConversationProps {
  me: string;
  isAdmin: boolean;
  /** null: the public room. */
  otherId: string | null;
  people: ReadonlyMap<string, DirectoryEntry>;
  blocked: ReadonlySet<string>;
  actions: ChatActions;
  onBack: () => void;
}

type Shown = Message & { first_name?: string; last_name?: string; avatar_url?: string | null };

function fullName(p: { first_name?: string | null; last_name?: string | null } | null | undefined): string {
  return p ? [p.first_name, p.last_name].filter(Boolean).join(' ') : '';
}

export function Conversation({ me, isAdmin, otherId, people, blocked, actions, onBack }: ConversationProps) {
  const data = useDataLayer();
  const toast = useToast();
  const invite = usePushInvite();
  const status = useSyncStatus();
  const now = useNow();
  const isPublic = otherId === null;
  const db = isPublic ? 'chat' : 'userdb';
  const [tick, setTick] = useState(0);
  const [older, setOlder] = useState<Message[]>([]);
  const [noMoreOlder, setNoMoreOlder] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const [clearing, setClearing] = useState(false);
  const [confirmBlock, setConfirmBlock] = useState(false);
  // The message whose Delete was pressed, until the member confirms or cancels.
  const [deleting, setDeleting] = useState<Shown | null>(null);
  const [blocking, setBlocking] = useState(false);
  const [reporting, setReporting] = useState<Shown | null>(null);
  const [sendingReport, setSendingReport] = useState(false);

  const query = useLiveQuery<Shown[]>(
    () => (otherId === null ? data.publicMessages.listWithSenders() : data.privateMessages.conversation(otherId)),
    [otherId, me, tick],
    {
      dbs: otherId === null ? ['chat', 'members'] : ['userdb'],
      types: ['message', 'profile'],
      // The newest public messages as last seen, drawn at once while the device reads the window.
      initialData: otherId === null ? (data.publicMessages.firstScreen() ?? undefined) : undefined,
    },
  );

  // One read, not the whole directory: the conversation shows without waiting for the contacts.
  const otherQuery = useLiveQuery(() => (otherId === null ? Promise.resolve(null) : data.profiles.member(otherId)), [otherId], { dbs: ['members'] });
  const other = otherId === null ? null : (otherQuery.data ?? people.get(otherId) ?? null);
  const otherName = fullName(other) || (otherQuery.loading ? '' : 'A member');
  const isBlocked = otherId !== null && blocked.has(otherId);
  const windowIds = useMemo(() => new Set((query.data ?? []).map((m) => m._id)), [query.data]);
  const messages = useMemo(() => {
    const all = mergeById<Shown>(older, query.data ?? []);
    // A blocked member's public messages are hidden for the one who blocked them.
    return isPublic ? all.filter((m) => !blocked.has(m.sender_id)) : all;
  }, [older, query.data, isPublic, blocked]);

  // The newest messages paint first; the rest of the window follows on the next frame.
  const [firstPaintDone, setFirstPaintDone] = useState(false);
  const hasData = query.data !== undefined;
  useEffect(() => {
    if (!hasData || firstPaintDone) return;
    const frame = requestAnimationFrame(() => setTimeout(() => setFirstPaintDone(true), 0));
    return () => cancelAnimationFrame(frame);
  }, [hasData, firstPaintDone]);
  const drawn = messagesToDraw(messages, firstPaintDone);

  const pending = useMemo(() => new Set(status.pendingItems.filter((p) => p.db === db).map((p) => p.id)), [status.pendingItems, db]);
  const denied = useMemo(() => new Map(status.denied.filter((d) => d.db === db).map((d) => [d.id, d.reason])), [status.denied, db]);
  const seenId = isPublic ? null : seenMessageId(messages, me);
  const notice = isPublic ? chatNotice(status) : null;

  // Opening a conversation (and each message arriving while it is open) marks it read; the
  // server tells the sender's copy, so their side shows "Seen".
  const marking = useRef(false);
  useEffect(() => {
    if (otherId === null || marking.current || !query.data || !hasUnreadFrom(query.data, otherId, me)) return;
    marking.current = true;
    data.privateMessages
      .markRead(otherId)
      .catch((err: unknown) => console.warn('[fete chat] mark read failed', err))
      .finally(() => {
        marking.current = false;
      });
  }, [data, otherId, me, query.data]);

  // Follow new messages when the reader is at the bottom; otherwise keep their place. Loading
  // older messages keeps the one they were reading where it was.
  const logRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const heightBeforeOlder = useRef<number | null>(null);
  const lastId = messages.at(-1)?._id;
  useLayoutEffect(() => {
    const el = logRef.current;
    if (!el) return;
    if (heightBeforeOlder.current !== null) {
      el.scrollTop += el.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
    } else if (atBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [lastId, drawn.length]);

  async function loadOlder() {
    const first = messages[0];
    if (!first || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await actions.older(first._id);
      if (page.length === 0) setNoMoreOlder(true);
      heightBeforeOlder.current = logRef.current?.scrollHeight ?? null;
      setOlder((prev) => mergeById(prev, page));
    } catch {
      toast.error(CHAT_TEXTS.messagesFailed);
    } finally {
      setLoadingOlder(false);
    }
  }

  async function send(text: string) {
    atBottom.current = true;
    if (otherId === null) await data.publicMessages.send(text);
    else {
      await data.privateMessages.send(otherId, text);
      invite('message');
    }
  }

  async function removeLocal(m: Shown) {
    if (m.is_public) await data.publicMessages.remove(m._id);
    else await data.privateMessages.remove(m._id);
    if (denied.has(m._id)) await data.dismissDenied(db, m._id);
  }

  async function remove(m: Shown) {
    const path = deletePath(m, { id: me, isAdmin });
    // Older messages are not on the device: only the server path can delete them.
    const onDevice = windowIds.has(m._id);
    setBusyId(m._id);
    try {
      if (path === 'local' && onDevice) await removeLocal(m);
      else await actions.adminDelete(m._id);
      setOlder((prev) => prev.filter((o) => o._id !== m._id));
    } catch {
      toast.error(CHAT_TEXTS.deleteFailed);
    } finally {
      setBusyId(null);
    }
  }

  async function retry(m: Shown) {
    setBusyId(m._id);
    try {
      await send(m.content);
      await removeLocal(m);
    } catch {
      toast.error(CHAT_TEXTS.sendFailed);
    } finally {
      setBusyId(null);
    }
  }

  async function clearAll() {
    setClearing(true);
    try {
      await actions.adminClear();
      setOlder([]);
      setConfirmClear(false);
    } catch {
      toast.error(CHAT_TEXTS.clearFailed);
    } finally {
      setClearing(false);
    }
  }

  async function toggleBlock() {
    if (otherId === null) return;
    setBlocking(true);
    try {
      if (isBlocked) {
        await actions.unblock(otherId);
        toast.success(`${otherName} is unblocked`);
      } else {
        await actions.block(otherId);
        toast.success(`${otherName} is blocked`);
      }
      setConfirmBlock(false);
    } catch {
      toast.error(isBlocked ? 'Failed to unblock. Please try again.' : 'Failed to block. Please try again.');
    } finally {
      setBlocking(false);
    }
  }

  async function sendReport(reason: ReportReason, details: string) {
    if (!reporting) return;
    setSendingReport(true);
    try {
      await actions.report(reporting, reason, details);
      setReporting(null);
      toast.success('Thank you. The message was reported to the admins.');
    } catch {
      toast.error('Failed to report the message. Please try again.');
    } finally {
      setSendingReport(false);
    }
  }

  async function refresh() {
    try {
      await data.syncNow();
    } catch {
      // Offline: the device's messages are all there is; the status shows it.
    }
    setTick((t) => t + 1);
  }

  // One stable object for every message; it reaches the latest handlers through a ref.
  const handlers = useRef({ remove: (m: Shown) => setDeleting(m), retry, report: (m: Shown) => setReporting(m) });
  handlers.current = { remove: (m: Shown) => setDeleting(m), retry, report: (m: Shown) => setReporting(m) };
  const byIdRef = useRef(new Map<string, Shown>());
  byIdRef.current = new Map(messages.map((m) => [m._id, m]));
  const messageActions = useMemo<MessageActions>(
    () => ({
      remove: (id) => {
        const m = byIdRef.current.get(id);
        if (m) handlers.current.remove(m);
      },
      retry: (id) => {
        const m = byIdRef.current.get(id);
        if (m) void handlers.current.retry(m);
      },
      report: (id) => {
        const m = byIdRef.current.get(id);
        if (m) handlers.current.report(m);
      },
    }),
    [],
  );

  function senderOf(m: Shown): { name: string; avatarUrl: string | null } | null {
    if (!m.is_public) return null;
    const p = m.first_name !== undefined ? m : people.get(m.sender_id);
    return { name: fullName(p) || 'A member', avatarUrl: p?.avatar_url ?? null };
  }

  const title = isPublic ? CHAT_TEXTS.publicChat : otherName;
  const online = status.state !== 'offline' && status.state !== 'signed-out';

  return (
    <section className="chat-conv" aria-labelledby="chat-conv-title">
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
          <Avatar url={other?.avatar_url} size={40} />
        )}
        <div className="chat-conv__heading">
          <h2 id="chat-conv-title" className="chat-conv__title">
            {title}
          </h2>
          {isPublic && <p className="chat-conv__subtitle">{CHAT_TEXTS.everyone}</p>}
        </div>
        <div className="chat-conv__tools">
          <button type="button" className="chat-icon-btn" onClick={() => void refresh()} aria-label="Refresh messages" title="Refresh messages">
            <SyncIcon size={20} />
          </button>
          {isPublic && isAdmin && (
            <Button variant="danger" className="btn--small" onClick={() => setConfirmClear(true)}>
              Clear chat
            </Button>
          )}
          {!isPublic && (
            // An icon with its name for screen readers: on a phone the member's whole name needs the
            // header's width (issue 25).
            <button
              type="button"
              className={`chat-icon-btn${isBlocked ? ' chat-icon-btn--on' : ''}`}
              onClick={() => (isBlocked ? void toggleBlock() : setConfirmBlock(true))}
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

      {query.error ? (
        <ChatError className="chat-conv__state" message={CHAT_TEXTS.messagesFailed} />
      ) : !query.data ? (
        <ChatLoading className="chat-conv__state" />
      ) : (
        <div
          ref={logRef}
          className="chat-conv__log"
          role="log"
          aria-live="polite"
          aria-label={`Messages in ${title}`}
          tabIndex={0}
          onScroll={(e) => {
            atBottom.current = isNearBottom(e.currentTarget);
          }}
          data-testid="chat-log"
        >
          {isPublic && online && !noMoreOlder && messages.length > 0 && (
            <div className="chat-conv__older">
              <Button variant="ghost" className="btn--small" onClick={() => void loadOlder()} busy={loadingOlder}>
                Load older messages
              </Button>
            </div>
          )}
          {messages.length === 0 ? (
            <p className="chat-conv__empty">{CHAT_TEXTS.noMessages}</p>
          ) : (
            <ul className="chat-conv__list">
              {drawn.map((m) => {
                const mine = m.sender_id === me;
                const path = deletePath(m, { id: me, isAdmin });
                const sender = senderOf(m);
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
                    canDelete={path === 'admin' || (path === 'local' && (windowIds.has(m._id) || isAdmin))}
                    canReport={canReportRule(m, me)}
                    actions={messageActions}
                  />
                );
              })}
            </ul>
          )}
        </div>
      )}

      {isBlocked ? (
        <p className="chat-conv__blocked" role="status">
          {`You blocked ${otherName}. Their messages no longer reach you. Unblock them to chat again.`}
        </p>
      ) : (
        <Composer placeholder={inputPlaceholder(isPublic ? null : (other ?? { first_name: null }))} onSend={send} notice={notice} />
      )}

      <ConfirmDialog
        open={confirmClear}
        title="Clear public chat"
        message={CHAT_TEXTS.clearConfirm}
        confirmLabel="Clear chat"
        tone="danger"
        busy={clearing}
        onConfirm={() => void clearAll()}
        onCancel={() => setConfirmClear(false)}
      />
      <ConfirmDialog
        open={confirmBlock}
        title={`Block ${otherName}?`}
        message={`Their private messages will no longer reach you and they will not be listed in your contacts. You can unblock them here or from your contacts.`}
        confirmLabel="Block"
        tone="danger"
        busy={blocking}
        onConfirm={() => void toggleBlock()}
        onCancel={() => setConfirmBlock(false)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={CHAT_TEXTS.deleteTitle}
        message={CHAT_TEXTS.deleteConfirm}
        confirmLabel="Delete"
        tone="danger"
        busy={deleting !== null && busyId === deleting._id}
        onConfirm={() => {
          const m = deleting;
          if (!m) return;
          void remove(m).finally(() => setDeleting(null));
        }}
        onCancel={() => setDeleting(null)}
      />
      {reporting && (
        <ReportDialog
          open
          senderName={fullName(senderOf(reporting) ? { first_name: senderOf(reporting)?.name } : other) || 'this member'}
          busy={sendingReport}
          onSubmit={(r, d) => void sendReport(r, d)}
          onCancel={() => setReporting(null)}
        />
      )}
    </section>
  );
}
