// Asks before deleting a submission the server did not accept (ADR 035). The deletion is a
// write on the device, like any other, and reaches the server with the next sync; the userdb's
// validator accepts it only for a submission marked not accepted.
import { useRef, useState } from 'react';
import { ConfirmDialog, useToast } from '../../components/ui/index.ts';
import { useDataLayer } from '../../data/react.ts';
import type { Submission } from '../../data/repos/submissions.ts';
import { DELETE_REFUSED_DONE, DELETE_REFUSED_FAILED, DELETE_REFUSED_TEXT, DELETE_REFUSED_TITLE, deleteRefusedQuestion } from './dashboard-logic.ts';

export interface DeleteRefusedDialogProps {
  /** The submission asked about; null when the dialog is closed. */
  submission: Submission | null;
  onClose(): void;
  /** After the deletion, with the submission's id. */
  onDeleted(id: string): void;
}

export function DeleteRefusedDialog({ submission, onClose, onDeleted }: DeleteRefusedDialogProps) {
  const data = useDataLayer();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  async function confirm(s: Submission) {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await data.submissions.removeRefused(s.id);
      onDeleted(s.id);
      toast.success(DELETE_REFUSED_DONE);
    } catch {
      toast.error(DELETE_REFUSED_FAILED);
    } finally {
      inFlight.current = false;
      setBusy(false);
      onClose();
    }
  }

  return (
    <ConfirmDialog
      open={submission !== null}
      title={DELETE_REFUSED_TITLE}
      message={<p>{submission ? deleteRefusedQuestion(submission.form.title) : ''}</p>}
      confirmLabel={DELETE_REFUSED_TEXT}
      tone="danger"
      busy={busy}
      onConfirm={() => {
        if (submission) void confirm(submission);
      }}
      onCancel={onClose}
    />
  );
}
