// Form Submissions (/admin/forms/{id}/submissions): a form's submissions read from the server,
// searched, reviewed one at a time, given a status (staged until Save Changes, and kept on the
// device meanwhile) and exported as CSV (admin spec).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { SubmissionStatus } from '../../../../../design-docs/src/constants.ts';
import { SUBMISSION_STATUSES } from '../../../../../design-docs/src/constants.ts';
import { useDocumentTitle } from '../../../components/catalog/index.ts';
import { Button, Spinner } from '../../../components/ui/index.ts';
import { outcomeOf, useQuery } from '../../../data/hooks/use-query.ts';
import { useDataLayer, useSyncStatus } from '../../../data/react.ts';
import type { AdminSubmission } from '../../../data/repos/admin-submissions.ts';
import type { StatusSaveResult } from '../../../data/repos/admin-submissions.ts';
import { AdminOnly } from '../admin-only.tsx';
import { SubmissionDetail } from './submission-detail.tsx';
import { SubmissionsSearchField } from './submissions-search-field.tsx';
import type { Row } from './submission-detail.tsx';
import { StatusBadge } from './status-badge.tsx';
import { readStaged, writeStaged } from './staged-storage.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { buildSubmissionsCsv, csvFileName, downloadCsv } from './submissions-csv.ts';
import {
  EXPORT_FAILED_TEXT,
  LOAD_MORE_FAILED_TEXT,
  NONE_YET_IN_NEWEST_TEXT,
  ROWS_PER_PAGE,
  SAVED_TEXT,
  SUCCESS_BANNER_MS,
  applySaveResults,
  effectiveStatus,
  reconcileSeen,
  pagedCountText,
  stageStatus,
  statusLabel,
  submitterName,
} from './submissions-logic.ts';
import type { Staged } from './submissions-logic.ts';
import './admin-forms.css';

export const OFFLINE_SAVE_TEXT = "You're offline. Your changes are kept on this device; save them once the connection is back.";

export function FormSubmissionsScreen() {
  const { id = '' } = useParams();
  return (
    <AdminOnly>
      <FormSubmissions key={id} formId={id} />
    </AdminOnly>
  );
}

/** The rows of one search, as far as they have been read from the server. */
interface Listing {
  /** The search these rows answer ('' for all). */
  query: string;
  subs: AdminSubmission[];
  /** Where the next page begins; null when the server has no more. */
  next: string | null;
  /** A page is on its way (the first of a new search, or Show more). */
  busy: boolean;
  /** The last page failed: what is shown stays, and Show more tries again. */
  failed: boolean;
}

/** How long typing rests before the server is asked (a search reads the form's submissions there). */
const SEARCH_PAUSE_MS = 200;

function FormSubmissions({ formId }: { formId: string }) {
  const data = useDataLayer();
  const sync = useSyncStatus();
  const storagePrefix = data.memberKey('') ?? undefined;
  const formRead = useQuery(() => data.admin.forms.byId(formId), [data, formId]);
  const load = outcomeOf(formRead);
  const [listing, setListing] = useState<Listing>({ query: '', subs: [], next: null, busy: true, failed: false });
  // Whether the form has any submission at all (null until a page tells): Export CSV needs one.
  const [hasAny, setHasAny] = useState<boolean | null>(null);
  // The statuses the server has, of the submissions read so far (updated after each save).
  const [stored, setStored] = useState<Map<string, string>>(() => new Map());
  const [names, setNames] = useState<Map<string, string>>(() => new Map());
  const [staged, setStaged] = useState<Staged>(() => readStaged(formId, storagePrefix));
  const [query, setQuery] = useState('');
  const [searched, setSearched] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);
  const savedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Answers to an older request (a search typed over, a page of another search) are dropped.
  const asked = useRef(0);

  const stagedRef = useRef(staged);
  stagedRef.current = staged;

  // Every staged change is on the device at once: a reload or a lost connection keeps it.
  useEffect(() => writeStaged(formId, staged, storagePrefix), [formId, staged, storagePrefix]);

  // The search the server is asked for: the typed one, once typing rests.
  useEffect(() => {
    const t = setTimeout(() => setSearched(query.trim()), query.trim() === '' ? 0 : SEARCH_PAUSE_MS);
    return () => clearTimeout(t);
  }, [query]);

  const fetchPage = useCallback(
    async (q: string, cursor: string | null) => {
      const ticket = ++asked.current;
      // What is shown stays (dimmed) until the answer replaces it, or adds to it.
      setListing((l) => ({ ...l, busy: true, failed: false }));
      try {
        const page = await data.admin.submissions.page(formId, { q, cursor, limit: ROWS_PER_PAGE });
        if (ticket !== asked.current) return;
        const statuses = new Map(page.submissions.map((s) => [s.id, s.status as string]));
        setStored((m) => new Map([...m, ...statuses]));
        setNames((m) => new Map([...m, ...page.names]));
        setStaged((s) => reconcileSeen(s, statuses));
        if (page.submissions.length > 0) setHasAny(true);
        else if (!cursor && q === '') setHasAny(false);
        setListing((l) => ({ query: q, subs: cursor ? [...l.subs, ...page.submissions] : page.submissions, next: page.next, busy: false, failed: false }));
      } catch {
        if (ticket !== asked.current) return;
        setListing((l) => ({ ...l, busy: false, failed: true }));
      }
    },
    [data, formId],
  );

  const ready = load.state === 'ready';
  useEffect(() => {
    if (ready) void fetchPage(searched, null);
  }, [ready, searched, fetchPage]);

  useEffect(() => () => clearTimeout(savedTimer.current), []);

  const form = load.state === 'ready' ? load.data : null;
  useDocumentTitle(form ? `Form Submissions: ${form.title}` : null);

  const rows = useMemo<Row[]>(() => listing.subs.map((sub) => ({ sub, name: submitterName(names, sub.userid) })), [listing.subs, names]);
  // The rows shown answer the search as typed once the server has answered it.
  const settled = !listing.busy && listing.query === query.trim();
  const firstLoad = listing.busy && listing.subs.length === 0 && hasAny === null;

  const statusOf = useCallback((id: string) => effectiveStatus(staged, id, stored.get(id) ?? 'pending'), [staged, stored]);
  const stage = useCallback(
    (id: string, status: SubmissionStatus) => {
      setSaved(false);
      setStaged((s) => stageStatus(s, id, status, stored.get(id) ?? ''));
    },
    [setStaged, stored],
  );

  const unsaved = Object.keys(staged).length;
  const selected = selectedId ? (rows.find((r) => r.sub.id === selectedId) ?? null) : null;

  async function save() {
    setErrors([]);
    setWarnings([]);
    setSaved(false);
    if (sync.state === 'offline') {
      setErrors([OFFLINE_SAVE_TEXT]);
      return;
    }
    setSaving(true);
    const batch = Object.entries(staged) as Array<[string, SubmissionStatus]>;
    const results: Array<[string, SubmissionStatus, StatusSaveResult]> = [];
    for (const [id, status] of batch) results.push([id, status, await data.admin.submissions.saveStatus(id, status)]);
    // Read after the awaits: changes staged while the save ran are kept.
    const outcome = applySaveResults(stagedRef.current, results);
    setStaged(outcome.staged);
    setStored((m) => {
      const next = new Map(m);
      for (const [id, status] of Object.entries(outcome.written)) next.set(id, status);
      return next;
    });
    setErrors(outcome.errors);
    setWarnings(outcome.warnings);
    setSaving(false);
    if (outcome.allWritten) {
      setSaved(true);
      clearTimeout(savedTimer.current);
      savedTimer.current = setTimeout(() => setSaved(false), SUCCESS_BANNER_MS);
    }
  }

  /** Every submission, page after page from the server, into one file; the search does not narrow it. */
  async function exportCsv() {
    if (!form) return;
    setExporting(true);
    setErrors([]);
    try {
      const all = await data.admin.submissions.all(formId);
      const labels = form.fields.map((f) => f.label);
      const nameOf = (userId: string) => submitterName(all.names, userId);
      const statusNow = (s: { id: string; status: string }) => effectiveStatus(staged, s.id, stored.get(s.id) ?? s.status);
      downloadCsv(buildSubmissionsCsv(labels, all.submissions, nameOf, statusNow), csvFileName(form.title));
    } catch {
      setErrors([EXPORT_FAILED_TEXT]);
    } finally {
      setExporting(false);
    }
  }

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
  const firstFailed = listing.failed && listing.subs.length === 0 && hasAny === null;
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
            <Button onClick={() => void save()} busy={saving}>
              Save Changes
            </Button>
          )}
          <Button variant="secondary" onClick={() => void exportCsv()} disabled={hasAny !== true} busy={exporting}>
            Export CSV
          </Button>
        </div>
      </header>

      {saved && (
        <p className="admin-success" role="status">
          {SAVED_TEXT}
        </p>
      )}
      {listing.failed && !firstFailed && (
        <p className="admin-error" role="alert">
          {LOAD_MORE_FAILED_TEXT}
        </p>
      )}
      {errors.length > 0 && (
        <div className="admin-error" role="alert">
          {errors.map((e, i) => (
            <p key={i}>{e}</p>
          ))}
        </div>
      )}
      {warnings.length > 0 && (
        <div className="admin-warning" role="status">
          {warnings.map((w, i) => (
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

      <SubmissionsSearchField value={query} onChange={setQuery} />

      <div className="subs-layout">
        <div className="subs-list">
          {firstLoad ? (
            <div className="list-status" role="status">
              <Spinner size="sm" />
              <p>Loading...</p>
            </div>
          ) : hasAny === false && !listing.busy ? (
            <p className="admin-panel">No submissions yet.</p>
          ) : settled && rows.length === 0 && listing.next === null ? (
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
                        <SubmissionRow key={row.sub.id} row={row} status={statusOf(row.sub.id)} selected={row.sub.id === selectedId} onSelect={setSelectedId} onStage={stage} />
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
              <p className="subs-count" role="status" data-testid="submissions-count">
                {settled ? (
                  rows.length === 0 ? NONE_YET_IN_NEWEST_TEXT : pagedCountText(rows.length, listing.next !== null)
                ) : (
                  <>
                    <Spinner size="sm" /> {listing.query === query.trim() ? 'Loading more submissions...' : 'Searching...'}
                  </>
                )}
              </p>
              {settled && listing.next !== null && (
                <Button variant="secondary" onClick={() => void fetchPage(listing.query, listing.next)}>
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
