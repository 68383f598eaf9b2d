// 'Forms Status': the member's submissions with each one's status and message. An
// admin's status change is written into the member's userdb by the server and arrives by the
// live sync, so the live query shows it without a reload.
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useDataLayer } from '../../data/react.ts';
import { useSubmissions } from '../../data/hooks/use-submissions.ts';
import { Spinner } from '../../components/ui/index.ts';
import { formatLongDate } from '../../lib/dates.ts';
import { DeleteRefusedDialog } from './delete-refused-dialog.tsx';
import {
  DELETE_REFUSED_TEXT, FIX_AND_RESEND_TEXT, NOT_ACCEPTED_LABEL, NO_FORMS_TEXT, SUBMIT_AGAIN_TEXT, VIEW_ALL_TEXT, catalogueOf, formPath, notAcceptedMessage,
  resendAnswers, shownStatus, statusLabel, statusMessage,
} from './dashboard-logic.ts';
import type { Submission } from '../../data/repos/submissions.ts';

export function FormsTab({ userId }: { userId: string }) {
  const data = useDataLayer();
  const navigate = useNavigate();
  // The refused answers become the form's draft, so the member fixes what was wrong and sends again.
  const fixAndResend = (s: Submission) => {
    data.formDrafts.save(s.form.formtype, s.form.targetid, resendAnswers(s.data));
    navigate(formPath(s.form));
  };
  const [deleting, setDeleting] = useState<Submission | null>(null);
  const [deleted, setDeleted] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const emptyRef = useRef<HTMLDivElement>(null);
  const { data: submissions, loading } = useSubmissions(userId);
  // The Delete button that had focus goes with its card: focus moves to the list (or the empty
  // state), not to the top of the page.
  useEffect(() => {
    if (deleted === null || !submissions || submissions.some((s) => s.id === deleted)) return;
    setDeleted(null);
    (listRef.current ?? emptyRef.current)?.focus();
  }, [deleted, submissions]);
  if (!submissions && loading) return <Spinner label="Loading..." />;
  // Kept through the list's last card going, so the dialog can finish and hand focus back.
  const dialog = <DeleteRefusedDialog submission={deleting} onClose={() => setDeleting(null)} onDeleted={setDeleted} />;
  if (!submissions || submissions.length === 0) {
    return (
      <>
        <div className="dash-empty" data-testid="forms-empty" ref={emptyRef} tabIndex={-1}>
          <p>{NO_FORMS_TEXT}</p>
          <p className="dash-empty__links">
            <Link to="/fete-packages" className="btn btn--primary">
              Browse Fete Packages
            </Link>
            <Link to="/fete-rides" className="btn btn--secondary">
              Browse Fete Rides
            </Link>
          </p>
        </div>
        {dialog}
      </>
    );
  }
  return (
    <>
      <ul className="dash-cards" aria-label="Form submissions" ref={listRef} tabIndex={-1}>
        {submissions.map((s) => {
          const status = shownStatus(s.status);
          const refused = typeof s.refused_reason === 'string' ? s.refused_reason : null;
          const titleId = `submission-${s.id}`;
          return (
            <li key={s._id} className="dash-card submission-card" data-testid="submission-card">
              <div className="dash-card__head">
                <h3 className="dash-card__title" id={titleId}>
                  {s.form.title}
                </h3>
                <span className={`status-pill status-pill--${refused === null ? status : 'refused'}`} data-testid="submission-status">
                  {refused === null ? statusLabel(status) : NOT_ACCEPTED_LABEL}
                </span>
              </div>
              <p className="dash-card__text" data-testid="submission-message">
                {refused === null ? statusMessage(status) : notAcceptedMessage(refused)}
              </p>
              <p className="dash-card__meta">Submitted {formatLongDate(s.createdat)}</p>
              <p className="dash-card__actions">
                {refused === null ? (
                  <Link to={formPath(s.form)} className="btn btn--primary btn--small" aria-describedby={titleId}>
                    {SUBMIT_AGAIN_TEXT}
                  </Link>
                ) : (
                  <>
                    <button type="button" className="btn btn--primary btn--small" aria-describedby={titleId} onClick={() => fixAndResend(s)}>
                      {FIX_AND_RESEND_TEXT}
                    </button>
                    <button type="button" className="btn btn--danger btn--small" aria-describedby={titleId} aria-haspopup="dialog" onClick={() => setDeleting(s)}>
                      {DELETE_REFUSED_TEXT}
                    </button>
                  </>
                )}
                <Link to={catalogueOf(s.form.formtype)} className="btn btn--secondary btn--small">
                  {VIEW_ALL_TEXT}
                </Link>
              </p>
            </li>
          );
        })}
      </ul>
      {dialog}
    </>
  );
}
