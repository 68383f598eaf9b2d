// The detail panel of Form Submissions: the chosen submission's id, date, submitter, status and
// each form field's answer, with the buttons that stage a new status.
import type { SubmissionStatus } from '../../../../../design-docs/src/constants.ts';
import { SUBMISSION_STATUSES } from '../../../../../design-docs/src/constants.ts';
import { Button } from '../../../components/ui/index.ts';
import type { AdminForm } from '../../../data/repos/admin-forms.ts';
import { renderAnswer } from './answer-rendering.ts';
import { StatusBadge } from './status-badge.tsx';
import { statusLabel } from './submissions-logic.ts';
import type { AdminSubmission } from '../../../data/repos/admin-submissions.ts';
import { formatDateTime } from '../../../lib/dates.ts';

/** A submission with its submitter's name (Unknown User for a deleted account). */
export interface Row {
  sub: AdminSubmission;
  name: string;
}

interface Props {
  form: AdminForm;
  row: Row | null;
  status: string;
  onStage: (id: string, status: SubmissionStatus) => void;
}

export function SubmissionDetail({ form, row, status, onStage }: Props) {
  if (!row) {
    return (
      <aside className="admin-panel subs-detail" aria-label="Submission details">
        <p>Select a submission to view details</p>
      </aside>
    );
  }
  const { sub, name } = row;
  return (
    <aside className="admin-panel subs-detail" aria-labelledby="subs-detail-title" data-testid="submission-detail">
      <h2 id="subs-detail-title">Submission #{sub.id.slice(0, 8)}</h2>
      <dl className="subs-detail__meta">
        <div>
          <dt>Date</dt>
          <dd>{formatDateTime(sub.createdat)}</dd>
        </div>
        <div>
          <dt>Name</dt>
          <dd>{name}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <StatusBadge status={status} />
          </dd>
        </div>
      </dl>
      <h3 className="subs-detail__answers-title">Answers</h3>
      <dl className="subs-detail__answers">
        {form.fields.map((field) => (
          <div key={field.id}>
            <dt>{field.label}</dt>
            <dd>{renderAnswer(field, sub.data?.[field.label])}</dd>
          </div>
        ))}
      </dl>
      <div className="admin-actions">
        {SUBMISSION_STATUSES.map((s) => (
          <Button key={s} variant={status === s ? 'primary' : 'secondary'} aria-pressed={status === s} onClick={() => onStage(sub.id, s)}>
            Mark as {statusLabel(s)}
          </Button>
        ))}
      </div>
    </aside>
  );
}
