// Report a message: a reason (Spam, Harassment, Hate speech, Inappropriate content, Other) and,
// optionally, a few words. The report goes to the admins' list.
import { useState } from 'react';
import { ConfirmDialog, SelectField } from '../../components/ui/index.ts';
import type { ReportReason } from './chat-logic.ts';
import { REPORT_DETAILS_MAX, REPORT_REASONS } from './chat-logic.ts';

export interface ReportDialogProps {
  open: boolean;
  senderName: string;
  busy: boolean;
  onSubmit: (reason: ReportReason, details: string) => void;
  onCancel: () => void;
}

export function ReportDialog({ open, senderName, busy, onSubmit, onCancel }: ReportDialogProps) {
  const [reason, setReason] = useState<ReportReason>('Spam');
  const [details, setDetails] = useState('');
  return (
    <ConfirmDialog
      open={open}
      title="Report message"
      confirmLabel="Send report"
      busy={busy}
      onConfirm={() => onSubmit(reason, details)}
      onCancel={onCancel}
      message={
        <div className="chat-report">
          <p className="chat-report__intro">{`Tell the admins what is wrong with this message from ${senderName}.`}</p>
          <SelectField
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.target.value as ReportReason)}
            options={REPORT_REASONS.map((r) => ({ value: r, label: r }))}
          />
          <label className="field__label" htmlFor="chat-report-details">
            Details (optional)
          </label>
          <textarea
            id="chat-report-details"
            className="field__control"
            rows={3}
            maxLength={REPORT_DETAILS_MAX}
            value={details}
            onChange={(e) => setDetails(e.target.value)}
          />
        </div>
      }
    />
  );
}
