// Form Submissions' controller (ADR 049): the form, its submissions as the server searches and
// pages them, the statuses staged until Save Changes (kept on the device meanwhile), the saving
// and the CSV export. The screen only draws what this returns.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SubmissionStatus } from '../../../../../design-docs/src/constants.ts';
import { useDocumentTitle } from '../../../components/catalog/index.ts';
import { usePagedSearch } from '../../../data/hooks/use-paged-search.ts';
import { outcomeOf, useQuery } from '../../../data/hooks/use-query.ts';
import { useDataLayer, useSyncStatus } from '../../../data/react.ts';
import type { AdminSubmission, StatusSaveResult, SubmissionsPage } from '../../../data/repos/admin-submissions.ts';
import type { Row } from './submission-detail.tsx';
import { readStaged, writeStaged } from './staged-storage.ts';
import { buildSubmissionsCsv, csvFileName, downloadCsv } from './submissions-csv.ts';
import { EXPORT_FAILED_TEXT, ROWS_PER_PAGE, SUCCESS_BANNER_MS, applySaveResults, effectiveStatus, reconcileSeen, stageStatus, submitterName } from './submissions-logic.ts';
import type { Staged } from './submissions-logic.ts';

export const OFFLINE_SAVE_TEXT = "You're offline. Your changes are kept on this device; save them once the connection is back.";

/** How long typing rests before the server is asked (a search reads the form's submissions there). */
const SEARCH_PAUSE_MS = 200;

export function useFormSubmissions(formId: string) {
  const data = useDataLayer();
  const sync = useSyncStatus();
  const storagePrefix = data.memberKey('') ?? undefined;
  const load = outcomeOf(useQuery(() => data.admin.forms.byId(formId), [data, formId]));
  const form = load.state === 'ready' ? load.data : null;
  useDocumentTitle(form ? `Form Submissions: ${form.title}` : null);

  // Whether the form has any submission at all (null until a page tells): Export CSV needs one.
  const [hasAny, setHasAny] = useState<boolean | null>(null);
  // The statuses the server has, of the submissions read so far (updated after each save).
  const [stored, setStored] = useState<Map<string, string>>(() => new Map());
  const [names, setNames] = useState<Map<string, string>>(() => new Map());
  const [staged, setStaged] = useState<Staged>(() => readStaged(formId, storagePrefix));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);
  const savedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stagedRef = useRef(staged);
  stagedRef.current = staged;

  // Every staged change is on the device at once: a reload or a lost connection keeps it.
  useEffect(() => writeStaged(formId, staged, storagePrefix), [formId, staged, storagePrefix]);
  useEffect(() => () => clearTimeout(savedTimer.current), []);

  const search = usePagedSearch<AdminSubmission, SubmissionsPage & { items: AdminSubmission[] }>(
    async (q, cursor) => {
      const page = await data.admin.submissions.page(formId, { q, cursor, limit: ROWS_PER_PAGE });
      return { ...page, items: page.submissions };
    },
    [data, formId],
    {
      pauseMs: SEARCH_PAUSE_MS,
      enabled: load.state === 'ready',
      onPage: (page, q, cursor) => {
        const statuses = new Map(page.submissions.map((s) => [s.id, s.status as string]));
        setStored((m) => new Map([...m, ...statuses]));
        setNames((m) => new Map([...m, ...page.names]));
        setStaged((s) => reconcileSeen(s, statuses));
        if (page.submissions.length > 0) setHasAny(true);
        else if (!cursor && q === '') setHasAny(false);
      },
    },
  );

  const rows = useMemo<Row[]>(() => search.items.map((sub) => ({ sub, name: submitterName(names, sub.userid) })), [search.items, names]);
  const statusOf = useCallback((id: string) => effectiveStatus(staged, id, stored.get(id) ?? 'pending'), [staged, stored]);
  const stage = useCallback((id: string, status: SubmissionStatus) => {
    setSaved(false);
    setStaged((s) => stageStatus(s, id, status, stored.get(id) ?? ''));
  }, [stored]);

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

  const selected = selectedId ? (rows.find((r) => r.sub.id === selectedId) ?? null) : null;
  return {
    load,
    search,
    rows,
    hasAny,
    /** The first page is on its way and nothing is known yet. */
    firstLoad: search.busy && search.items.length === 0 && hasAny === null,
    /** The first page failed: the whole screen says so. */
    firstFailed: search.failed && search.items.length === 0 && hasAny === null,
    unsaved: Object.keys(staged).length,
    statusOf,
    stage,
    selected,
    selectedId,
    select: setSelectedId,
    saving,
    save,
    exporting,
    exportCsv,
    saved,
    errors,
    warnings,
  };
}
