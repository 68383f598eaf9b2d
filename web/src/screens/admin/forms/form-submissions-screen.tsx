// Form Submissions (/admin/forms/{id}/submissions): a form's submissions read from the server,
// searched, reviewed one at a time, given a status (staged until Save Changes, and kept on the
// device meanwhile) and exported as CSV (admin spec). The state and the server's reads are its
// controller's (use-form-submissions.ts); this file draws them.
import { useParams } from 'react-router-dom';
import type { SubmissionStatus } from '../../../../../design-docs/src/constants.ts';
import { SUBMISSION_STATUSES } from '../../../../../design-docs/src/constants.ts';
import { Button, Spinner } from '../../../components/ui/index.ts';
import { AdminOnly } from '../admin-only.tsx';
import { SubmissionDetail } from './submission-detail.tsx';
import { SubmissionsSearchField } from './submissions-search-field.tsx';
import type { Row } from './submission-detail.tsx';
import { StatusBadge } from './status-badge.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { LOAD_MORE_FAILED_TEXT, NONE_YET_IN_NEWEST_TEXT, SAVED_TEXT, pagedCountText, statusLabel } from './submissions-logic.ts';
import { useFormSubmissions } from './use-form-submissions.ts';
import './admin-forms.css';

export { OFFLINE_SAVE_TEXT } from './use-form-submissions.ts';

export function FormSubmissionsScreen() {
  const { id = '' } = useParams();
  return (
    <AdminOnly>
      <FormSubmissions key={id} formId={id} />
    </AdminOnly>
  );
}

function FormSubmissions({ formId }: { formId: string }) {
  const c = useFormSubmissions(formId);
  const { load, search, rows, hasAny, firstLoad, firstFailed, unsaved, statusOf, stage, selected, selectedId } = c;
  const { query, settled } = search;

  if (load.state === 'loading') {
    return (
      <section className="page admin-page">
        <div className="list-status" role="status">
          <Spinner size="sm" />
          <p>Loading...</p>
        </div>
      </section>
    );
  }
  if (load.state === 'failed' || load.state === 'missing' || firstFailed) {
    return (
      <section className="page admin-page" aria-labelledby="subs-error-title">
        <div className="admin-panel admin-error" role="alert">
          <h2 id="subs-error-title">Error</h2>
          <p>{load.state === 'missing' ? 'Form not found.' : 'Failed to load data. Please try again later.'}</p>
          {unsaved > 0 && <p>Your {unsaved} unsaved status changes are kept on this device.</p>}
        </div>
      </section>
    );
  }

  const title = load.data.title;
  return (
    <section className="page admin-page subs-page" aria-labelledby="subs-title">
      <header className="admin-page__header">
        <h1 id="subs-title">Form Submissions: {title}</h1>
        <div className="admin-actions">
          {unsaved > 0 && (
            <Button onClick={() => void c.save()} busy={c.saving}>
              Save Changes
            </Button>
          )}
          <Button variant="secondary" onClick={() => void c.exportCsv()} disabled={hasAny !== true} busy={c.exporting}>
            Export CSV
          </Button>
        </div>
      </header>

      {c.saved && (
        <p className="admin-success" role="status">
          {SAVED_TEXT}
        </p>
      )}
      {search.failed && !firstFailed && (
        <p className="admin-error" role="alert">
          {LOAD_MORE_FAILED_TEXT}
        </p>
      )}
      {c.errors.length > 0 && (
        <div className="admin-error" role="alert">
          {c.errors.map((e, i) => (
            <p key={i}>{e}</p>
          ))}
        </div>
      )}
      {c.warnings.length > 0 && (
        <div className="admin-warning" role="status">
          {c.warnings.map((w, i) => (
            <p key={i}>{w}</p>
          ))}
        </div>
      )}
      {unsaved > 0 && (
        <div className="admin-panel subs-unsaved" data-testid="unsaved-changes">
          <p className="subs-unsaved__title">You have unsaved changes</p>
          <p>
            {unsaved === 1 ? '1 submission has' : `${unsaved} submissions have`} a new status. They are kept on this device until you press Save Changes.
          </p>
        </div>
      )}

      <SubmissionsSearchField value={query} onChange={search.setQuery} />

      <div className="subs-layout">
        <div className="subs-list">
          {firstLoad ? (
            <div className="list-status" role="status">
              <Spinner size="sm" />
              <p>Loading...</p>
            </div>
          ) : hasAny === false && !search.busy ? (
            <p className="admin-panel">No submissions yet.</p>
          ) : settled && rows.length === 0 && search.next === null ? (
            <p className="admin-panel" role="status">
              No submissions match your search.
            </p>
          ) : (
            <>
              {rows.length > 0 && (
                <div className="admin-table-wrap">
                  <table className="admin-table subs-table" data-testid="submissions-table" aria-busy={!settled}>
                    <caption className="visually-hidden">Submissions, newest first. Choose a name to see the details.</caption>
                    <thead>
                      <tr>
                        <th scope="col">Date</th>
                        <th scope="col">Name</th>
                        <th scope="col">Status</th>
                        <th scope="col">Actions</th>
                      </tr>
                    </thead>
                    <tbody>
                      {rows.map((row) => (
                        <SubmissionRow key={row.sub.id} row={row} status={statusOf(row.sub.id)} selected={row.sub.id === selectedId} onSelect={c.select} onStage={stage} />
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
              <p className="subs-count" role="status" data-testid="submissions-count">
                {settled ? (
                  rows.length === 0 ? NONE_YET_IN_NEWEST_TEXT : pagedCountText(rows.length, search.next !== null)
                ) : (
                  <>
                    <Spinner size="sm" /> {search.answered === query.trim() ? 'Loading more submissions...' : 'Searching...'}
                  </>
                )}
              </p>
              {settled && search.next !== null && (
                <Button variant="secondary" onClick={search.more}>
                  Show more
                </Button>
              )}
            </>
          )}
        </div>
        <SubmissionDetail form={load.data} row={selected} status={selected ? statusOf(selected.sub.id) : ''} onStage={stage} />
      </div>
    </section>
  );
}

interface RowProps {
  row: Row;
  status: string;
  selected: boolean;
  onSelect: (id: string) => void;
  onStage: (id: string, status: SubmissionStatus) => void;
}

function SubmissionRow({ row, status, selected, onSelect, onStage }: RowProps) {
  const { sub, name } = row;
  return (
    <tr className={selected ? 'subs-table__row subs-table__row--selected' : 'subs-table__row'} data-testid="submission-row" data-id={sub.id} onClick={() => onSelect(sub.id)}>
      <td data-label="Date">{formatDateTime(sub.createdat)}</td>
      <td>
        {/* The row takes a click; keyboard and screen-reader users choose it by its name. */}
        <button type="button" className="subs-table__select" aria-pressed={selected} onClick={() => onSelect(sub.id)}>
          {name}
        </button>
      </td>
      <td data-label="Status">
        <StatusBadge status={status} />
      </td>
      <td>
        <div className="admin-actions" role="group" aria-label={`Status of ${name}'s submission`}>
          {SUBMISSION_STATUSES.map((s) => (
            <button
              key={s}
              type="button"
              className="btn btn--small btn--ghost subs-status-btn"
              aria-pressed={status === s}
              onClick={(e) => {
                e.stopPropagation();
                onStage(sub.id, s);
              }}
            >
              {statusLabel(s)}
            </button>
          ))}
        </div>
      </td>
    </tr>
  );
}
