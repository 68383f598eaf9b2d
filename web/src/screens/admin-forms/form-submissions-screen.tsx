// Form Submissions (/admin/forms/{id}/submissions): a form's submissions read from the server,
// searched, reviewed one at a time, given a status (staged until Save Changes, and kept on the
// device meanwhile) and exported as CSV (admin spec).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import type { SubmissionStatus } from '../../../../design-docs/src/constants.ts';
import { SUBMISSION_STATUSES } from '../../../../design-docs/src/constants.ts';
import { useDocumentTitle } from '../../components/catalog/index.ts';
import { Button, Spinner, TextField } from '../../components/ui/index.ts';
import { useDataLayer, useSyncStatus } from '../../data/react.ts';
import type { AdminForm } from '../../data/repos/admin-forms.ts';
import type { AdminSubmission } from '../../data/repos/admin-submissions.ts';
import type { StatusSaveResult } from '../../data/repos/admin-submissions.ts';
import { AdminOnly } from '../admin/admin-only.tsx';
import { SubmissionDetail } from './submission-detail.tsx';
import type { Row } from './submission-detail.tsx';
import { StatusBadge } from './status-badge.tsx';
import { readStaged, writeStaged } from './staged-storage.ts';
import { formatSubmittedAt } from './submitted-at.ts';
import { buildSubmissionsCsv, csvFileName, downloadCsv } from './submissions-csv.ts';
import {
  ROWS_PER_PAGE,
  SAVED_TEXT,
  SUCCESS_BANNER_MS,
  applySaveResults,
  effectiveStatus,
  filterBySearch,
  reconcileStaged,
  searchText,
  shownCountText,
  stageStatus,
  statusLabel,
  submitterName,
} from './submissions-rules.ts';
import type { Staged } from './submissions-rules.ts';
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

type Load =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'missing' }
  | {
      state: 'ready';
      form: AdminForm;
      subs: AdminSubmission[];
      names: Map<string, string>;
      /** False while only the newest page is here. */
      complete: boolean;
      /** The rest failed to load: what is shown is the newest page only. */
      partial?: boolean;
    };

function FormSubmissions({ formId }: { formId: string }) {
  const data = useDataLayer();
  const sync = useSyncStatus();
  const storagePrefix = data.memberKey('') ?? undefined;
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  // The statuses the server has, as far as this screen knows (updated after each save).
  const [stored, setStored] = useState<Map<string, string>>(() => new Map());
  const [staged, setStaged] = useState<Staged>(() => readStaged(formId, storagePrefix));
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState(ROWS_PER_PAGE);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);
  const savedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const stagedRef = useRef(staged);
  stagedRef.current = staged;

  // Every staged change is on the device at once: a reload or a lost connection keeps it.
  useEffect(() => writeStaged(formId, staged, storagePrefix), [formId, staged, storagePrefix]);

  useEffect(() => {
    let live = true;
    const show = (form: AdminForm, subs: AdminSubmission[], names: Map<string, string>, complete: boolean) => {
      const statuses = new Map(subs.map((s) => [s.id, s.status as string]));
      setStored(statuses);
      // Changes staged before a reload come back, less those the server already has; only
      // against the whole list, or changes to older submissions would be dropped.
      if (complete) setStaged((s) => reconcileStaged(s, statuses));
      setLoad({ state: 'ready', form, subs, names, complete });
    };
    (async () => {
      try {
        // The newest page first (one indexed query), so the screen is up within a second; the
        // rest follows for search, CSV and "Show more".
        const [form, newest] = await Promise.all([data.admin.forms.byId(formId), data.admin.submissions.newestForForm(formId, ROWS_PER_PAGE)]);
        if (!live) return;
        if (!form) {
          setLoad({ state: 'missing' });
          return;
        }
        const firstNames = await data.admin.submissions.names(newest.map((s) => s.userid));
        if (!live) return;
        const complete = newest.length < ROWS_PER_PAGE;
        show(form, newest, firstNames, complete);
        if (complete) return;
        const subs = await data.admin.submissions.forForm(formId);
        const names = await data.admin.submissions.names(subs.map((s) => s.userid));
        if (live) show(form, subs, names, true);
      } catch {
        if (live) setLoad((l) => (l.state === 'ready' ? { ...l, complete: true, partial: true } : { state: 'failed' }));
      }
    })();
    return () => {
      live = false;
    };
  }, [data, formId]);

  useEffect(() => () => clearTimeout(savedTimer.current), []);

  const form = load.state === 'ready' ? load.form : null;
  useDocumentTitle(form ? `Form Submissions: ${form.title}` : null);

  const subs = useMemo(() => (load.state === 'ready' ? load.subs : []), [load]);
  const names = load.state === 'ready' ? load.names : null;
  // Made once per load: the name and the lower-case search text of each submission.
  const rows = useMemo<Row[]>(() => (names ? subs.map((sub) => ({ sub, name: submitterName(names, sub.userid) })) : []), [subs, names]);
  const texts = useMemo(() => rows.map((r) => searchText(r.sub, r.name)), [rows]);
  const matching = useMemo(() => filterBySearch(rows, texts, query), [rows, texts, query]);
  const shown = matching.slice(0, limit);

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

  function exportCsv() {
    if (!form) return;
    const labels = form.fields.map((f) => f.label);
    const nameOf = (userId: string) => (names ? submitterName(names, userId) : '');
    downloadCsv(buildSubmissionsCsv(labels, subs, nameOf, (s) => statusOf(s.id)), csvFileName(form.title));
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
  if (load.state === 'failed' || load.state === 'missing') {
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

  const title = load.form.title;
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
          <Button variant="secondary" onClick={exportCsv} disabled={subs.length === 0 || !load.complete}>
            Export CSV
          </Button>
        </div>
      </header>

      {saved && (
        <p className="admin-success" role="status">
          {SAVED_TEXT}
        </p>
      )}
      {load.partial && (
        <p className="admin-error" role="alert">
          Failed to load the older submissions. Only the newest {subs.length} are shown; reload to try again.
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

      <div role="search">
        <TextField
          label="Search submissions"
          type="search"
          placeholder="Search submissions..."
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setLimit(ROWS_PER_PAGE);
          }}
        />
      </div>

      <div className="subs-layout">
        <div className="subs-list">
          {subs.length === 0 ? (
            <p className="admin-panel">No submissions yet.</p>
          ) : matching.length === 0 ? (
            <p className="admin-panel" role="status">
              No submissions match your search.
            </p>
          ) : (
            <>
              <div className="admin-table-wrap">
                <table className="admin-table subs-table" data-testid="submissions-table">
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
                    {shown.map((row) => (
                      <SubmissionRow key={row.sub.id} row={row} status={statusOf(row.sub.id)} selected={row.sub.id === selectedId} onSelect={setSelectedId} onStage={stage} />
                    ))}
                  </tbody>
                </table>
              </div>
              {load.complete ? (
                <p className="subs-count" role="status" data-testid="submissions-count">
                  {shownCountText(shown.length, matching.length)}
                </p>
              ) : (
                <p className="subs-count" role="status">
                  <Spinner size="sm" /> Showing the newest {shown.length}; loading the older submissions...
                </p>
              )}
              {matching.length > shown.length && (
                <Button variant="secondary" onClick={() => setLimit((l) => l + ROWS_PER_PAGE)}>
                  Show more
                </Button>
              )}
            </>
          )}
        </div>
        <SubmissionDetail form={load.form} row={selected} status={selected ? statusOf(selected.sub.id) : ''} onStage={stage} />
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
      <td>{formatSubmittedAt(sub.createdat)}</td>
      <td>
        {/* The row takes a click; keyboard and screen-reader users choose it by its name. */}
        <button type="button" className="subs-table__select" aria-pressed={selected} onClick={() => onSelect(sub.id)}>
          {name}
        </button>
      </td>
      <td>
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
