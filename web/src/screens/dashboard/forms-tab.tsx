// 'Forms Status': the member's submissions with the status and message of spec section 4. An
// admin's status change is written into the member's userdb by the server and arrives by the
// live sync, so the live query shows it without a reload.
import { Link } from 'react-router-dom';
import { useDataLayer, useLiveQuery } from '../../data/react.ts';
import { Spinner } from '../../components/ui/index.ts';
import { formatLongDate } from '../../lib/format.ts';
import { NO_FORMS_TEXT, SUBMIT_AGAIN_TEXT, VIEW_ALL_TEXT, catalogueOf, formPath, shownStatus, statusLabel, statusMessage } from './dashboard-rules.ts';

export function FormsTab({ userId }: { userId: string }) {
  const data = useDataLayer();
  const { data: submissions, loading } = useLiveQuery(() => data.submissions.list(), [userId], { dbs: ['userdb'] });
  if (!submissions && loading) return <Spinner label="Loading..." />;
  if (!submissions || submissions.length === 0) {
    return (
      <div className="dash-empty" data-testid="forms-empty">
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
    );
  }
  return (
    <ul className="dash-cards" aria-label="Form submissions">
      {submissions.map((s) => {
        const status = shownStatus(s.status);
        const titleId = `submission-${s.id}`;
        return (
          <li key={s._id} className="dash-card submission-card" data-testid="submission-card">
            <div className="dash-card__head">
              <h3 className="dash-card__title" id={titleId}>
                {s.form.title}
              </h3>
              <span className={`status-pill status-pill--${status}`} data-testid="submission-status">
                {statusLabel(status)}
              </span>
            </div>
            <p className="dash-card__text" data-testid="submission-message">
              {statusMessage(status)}
            </p>
            <p className="dash-card__meta">Submitted {formatLongDate(s.createdat)}</p>
            <p className="dash-card__actions">
              <Link to={formPath(s.form)} className="btn btn--primary btn--small" aria-describedby={titleId}>
                {SUBMIT_AGAIN_TEXT}
              </Link>
              <Link to={catalogueOf(s.form.formtype)} className="btn btn--secondary btn--small">
                {VIEW_ALL_TEXT}
              </Link>
            </p>
          </li>
        );
      })}
    </ul>
  );
}
