// The conversation's dialogs: clear the public room (admin), block the other member, delete a
// message, report one.
import { ConfirmDialog } from '../../components/ui/index.ts';
import type { ReportReason } from './chat-logic.ts';
import { CHAT_TEXTS } from './chat-logic.ts';
import { ReportDialog } from './report-dialog.tsx';

export interface AskDialog {
  open: boolean;
  busy: boolean;
  confirm: () => void;
  cancel: () => void;
}

/** A deletion's confirmation: its words depend on whose message it is. */
export interface DeleteAsk extends AskDialog {
  title: string;
  message: string;
}

export interface ReportAsk {
  senderName: string;
  busy: boolean;
  submit: (reason: ReportReason, details: string) => void;
  cancel: () => void;
}

export interface ConversationDialogsProps {
  otherName: string;
  clear: AskDialog;
  block: AskDialog;
  deletion: DeleteAsk;
  /** null: no report under way. */
  report: ReportAsk | null;
}

/** A danger confirmation: every one of the conversation's asks is. */
function Ask({ ask, title, message, confirmLabel }: { ask: AskDialog; title: string; message: string; confirmLabel: string }) {
  return <ConfirmDialog open={ask.open} title={title} message={message} confirmLabel={confirmLabel} tone="danger" busy={ask.busy} onConfirm={ask.confirm} onCancel={ask.cancel} />;
}

export function ConversationDialogs({ otherName, clear, block, deletion, report }: ConversationDialogsProps) {
  return (
    <>
      <Ask ask={clear} title="Clear public chat" message={CHAT_TEXTS.clearConfirm} confirmLabel="Clear chat" />
      <Ask
        ask={block}
        title={`Block ${otherName}?`}
        message={`Their private messages will no longer reach you and they will not be listed in your contacts. You can unblock them here or from your contacts.`}
        confirmLabel="Block"
      />
      <Ask ask={deletion} title={deletion.title} message={deletion.message} confirmLabel="Delete" />
      {report && <ReportDialog open senderName={report.senderName} busy={report.busy} onSubmit={report.submit} onCancel={report.cancel} />}
    </>
  );
}
