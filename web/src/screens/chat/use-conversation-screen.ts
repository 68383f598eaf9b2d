// The conversation panel's controller: what it shows (the messages merged with older pages, who
// the other member is, what is blocked) and what its buttons and dialogs do. The messages
// themselves come from useConversation; this holds the screen's own state.
import { useMemo, useState } from 'react';
import { usePushInvite } from '../../components/push/use-push-invite.ts';
import { useToast } from '../../components/ui/index.ts';
import { useConversation } from '../../data/hooks/use-conversation.ts';
import type { ConversationMessage } from '../../data/hooks/use-conversation.ts';
import { useSyncStatus } from '../../data/react.ts';
import type { DirectoryEntry } from '../../data/repos/profiles.ts';
import type { ChatActions } from './chat-actions.ts';
import { chatNotice } from './chat-actions.ts';
import type { ReportReason } from './chat-logic.ts';
import { CHAT_TEXTS, deletePath, deleteTexts, inputPlaceholder, messagesToDraw, seenMessageId } from './chat-logic.ts';
import { otherName, reportedName, visibleMessages } from './conversation-logic.ts';
import { useChatScroll } from './use-chat-scroll.ts';
import { useFirstPaintDone } from './use-first-paint.ts';
import { useMessageActions } from './use-message-actions.ts';
import { useOlderMessages } from './use-older-messages.ts';
import { useReadMarks } from './use-read-marks.ts';

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

export function useConversationScreen({ me, isAdmin, otherId, people, blocked, actions }: ConversationProps) {
  const conv = useConversation(otherId, me);
  const { messages: onDevice, markRead } = conv;
  const toast = useToast();
  const invite = usePushInvite();
  const status = useSyncStatus();
  const older = useOlderMessages(actions);
  const isPublic = otherId === null;
  const [busyId, setBusyId] = useState<string | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const [clearing, setClearing] = useState(false);
  const [confirmBlock, setConfirmBlock] = useState(false);
  // The message whose Delete was pressed, until the member confirms or cancels.
  const [deleting, setDeleting] = useState<ConversationMessage | null>(null);
  const [blocking, setBlocking] = useState(false);
  const [reporting, setReporting] = useState<ConversationMessage | null>(null);
  const [sendingReport, setSendingReport] = useState(false);

  const other = otherId === null ? null : (conv.other ?? people.get(otherId) ?? null);
  const name = otherName(other, conv.otherLoading);
  const isBlocked = otherId !== null && blocked.has(otherId);
  const windowIds = useMemo(() => new Set((onDevice ?? []).map((m) => m._id)), [onDevice]);
  const messages = useMemo(() => visibleMessages<ConversationMessage>(older.list, onDevice ?? [], isPublic, blocked), [older.list, onDevice, isPublic, blocked]);
  const firstPaintDone = useFirstPaintDone(onDevice !== undefined);
  const drawn = messagesToDraw(messages, firstPaintDone);
  const scroll = useChatScroll(messages.at(-1)?._id, drawn.length);

  // An open conversation marks the other member's messages read; the server tells the sender's
  // copy, so their side shows "Seen".
  useReadMarks(onDevice, otherId, me, markRead);

  async function send(text: string) {
    scroll.followBottom();
    await conv.send(text);
    if (!isPublic) invite('message');
  }

  async function remove(m: ConversationMessage) {
    const path = deletePath(m, { id: me, isAdmin });
    // Older messages are not on the device: only the server path can delete them.
    const kept = windowIds.has(m._id);
    setBusyId(m._id);
    try {
      if (path === 'local' && kept) await conv.removeLocal(m);
      else await actions.adminDelete(m._id);
      older.forget(m._id);
    } catch {
      toast.error(CHAT_TEXTS.deleteFailed);
    } finally {
      setBusyId(null);
    }
  }

  async function retry(m: ConversationMessage) {
    setBusyId(m._id);
    try {
      await send(m.content);
      await conv.removeLocal(m);
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
      older.clear();
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
        toast.success(`${name} is unblocked`);
      } else {
        await actions.block(otherId);
        toast.success(`${name} is blocked`);
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

  const messageActions = useMessageActions<ConversationMessage>(messages, { remove: (m) => setDeleting(m), retry: (m) => void retry(m), report: (m) => setReporting(m) });

  return {
    isPublic,
    title: isPublic ? CHAT_TEXTS.publicChat : name,
    other,
    otherName: name,
    isBlocked,
    error: conv.error,
    loaded: onDevice !== undefined,
    messages,
    drawn,
    scroll,
    windowIds,
    pending: conv.pending,
    denied: conv.denied,
    seenId: isPublic ? null : seenMessageId(messages, me),
    busyId,
    messageActions,
    online: status.state !== 'offline' && status.state !== 'signed-out',
    older,
    loadOlder: () => void older.load(messages[0], scroll.keepPlace),
    refresh: () => void conv.refresh(),
    composer: { placeholder: inputPlaceholder(isPublic ? null : (other ?? { first_name: null })), onSend: send, notice: isPublic ? chatNotice(status) : null },
    clear: { open: confirmClear, busy: clearing, ask: () => setConfirmClear(true), confirm: () => void clearAll(), cancel: () => setConfirmClear(false) },
    block: {
      open: confirmBlock,
      busy: blocking,
      press: () => (isBlocked ? void toggleBlock() : setConfirmBlock(true)),
      confirm: () => void toggleBlock(),
      cancel: () => setConfirmBlock(false),
    },
    deletion: {
      // A message received goes from this member's inbox only; the other member keeps theirs.
      ...(deleting ? deleteTexts(deleting, me, name) : { title: CHAT_TEXTS.deleteTitle, message: CHAT_TEXTS.deleteConfirm }),
      open: deleting !== null,
      busy: deleting !== null && busyId === deleting._id,
      confirm: () => {
        const m = deleting;
        if (!m) return;
        void remove(m).finally(() => setDeleting(null));
      },
      cancel: () => setDeleting(null),
    },
    report: reporting && {
      senderName: reportedName(reporting, people, other),
      busy: sendingReport,
      submit: (r: ReportReason, d: string) => void sendReport(r, d),
      cancel: () => setReporting(null),
    },
  };
}

export type ConversationScreen = ReturnType<typeof useConversationScreen>;
