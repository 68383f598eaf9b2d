// The right panel: the public room or one private conversation. Messages come from the device
// (live queries over `chat` or the member's userdb, through useConversation), so new and deleted
// ones appear as replication brings them, and one typed with no signal shows at once, marked as
// waiting. State and handlers live in useConversationScreen; this file lays the parts out.
import { ChatError, ChatLoading } from './chat-states.tsx';
import { CHAT_TEXTS } from './chat-logic.ts';
import { Composer } from './composer.tsx';
import { ConversationDialogs } from './conversation-dialogs.tsx';
import { ConversationHeader } from './conversation-header.tsx';
import { MessageLog } from './message-log.tsx';
import { useConversationScreen } from './use-conversation-screen.ts';
import type { ConversationProps } from './use-conversation-screen.ts';

export type { ConversationProps } from './use-conversation-screen.ts';

export function Conversation(props: ConversationProps) {
  const c = useConversationScreen(props);
  return (
    <section className="chat-conv" aria-labelledby="chat-conv-title">
      <ConversationHeader
        isPublic={c.isPublic}
        title={c.title}
        avatarUrl={c.other?.avatar_url}
        isAdmin={props.isAdmin}
        otherName={c.otherName}
        isBlocked={c.isBlocked}
        blocking={c.block.busy}
        onBack={props.onBack}
        onRefresh={c.refresh}
        onClear={c.clear.ask}
        onBlock={c.block.press}
      />

      {c.error ? (
        <ChatError className="chat-conv__state" message={CHAT_TEXTS.messagesFailed} />
      ) : !c.loaded ? (
        <ChatLoading className="chat-conv__state" />
      ) : (
        <MessageLog
          logRef={c.scroll.logRef}
          onScroll={c.scroll.onScroll}
          title={c.title}
          canLoadOlder={c.isPublic && c.online && !c.older.noMore && c.messages.length > 0}
          loadingOlder={c.older.loading}
          onLoadOlder={c.loadOlder}
          count={c.messages.length}
          drawn={c.drawn}
          me={props.me}
          isAdmin={props.isAdmin}
          people={props.people}
          windowIds={c.windowIds}
          pending={c.pending}
          denied={c.denied}
          seenId={c.seenId}
          busyId={c.busyId}
          actions={c.messageActions}
        />
      )}

      {c.isBlocked ? (
        <p className="chat-conv__blocked" role="status">
          {`You blocked ${c.otherName}. Their messages no longer reach you. Unblock them to chat again.`}
        </p>
      ) : (
        <Composer placeholder={c.composer.placeholder} onSend={c.composer.onSend} notice={c.composer.notice} />
      )}

      <ConversationDialogs otherName={c.otherName} clear={c.clear} block={c.block} deletion={c.deletion} report={c.report} />
    </section>
  );
}
