// Reports (/admin/reports, ADR 024): the chat reports members sent, newest first, read
// from the server's `reports` (admins only). Each shows who reported, the message as it was and
// its sender, the reason, the details and the date; the admin deletes a public message (the
// chat-delete call; the report stays until resolved) and resolves the report, each after asking.
import { AdminListLoading, AdminLoadError } from '../admin-list-status.tsx';
import { useCallback, useId, useRef, useState } from 'react';
import { useDocumentTitle } from '../../../components/catalog/index.ts';
import { Button, ConfirmDialog, Spinner, useToast } from '../../../components/ui/index.ts';
import { useDataLayer } from '../../../data/react.ts';
import type { AdminReport } from '../../../data/repos/admin-reports.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { AdminOnly } from '../admin-only.tsx';
import { useAdminList } from '../../../data/hooks/use-admin-list.ts';
import { REPORT_TEXTS, compareReports, messageAction, peopleOf, personName } from './reports-logic.ts';
import '../kit/kit.css';
import './admin-reports.css';

interface ReportRow {
  report: AdminReport;
  reporter: string;
  sender: string;
}

type Pending = { kind: 'resolve' | 'delete'; row: ReportRow };

export function ManageReportsScreen() {
  return (
    <AdminOnly>
      <ManageReports />
    </AdminOnly>
  );
}

function ManageReports() {
  useDocumentTitle(REPORT_TEXTS.heading);
  const data = useDataLayer();
  const toast = useToast();
  const headingId = useId();
  // One page at a time from the server, newest first (ADR 038): the list can grow without bound.
  const [more, setMore] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const rowsOf = useCallback(
    async (reports: AdminReport[]): Promise<ReportRow[]> => {
      const names = await data.admin.submissions.names(peopleOf(reports)).catch(() => new Map<string, string>());
      return reports.map((report) => ({ report, reporter: personName(names, report.reporter_id), sender: personName(names, report.message_sender_id) }));
    },
    [data],
  );
  const load = useCallback(async (): Promise<ReportRow[]> => {
    const page = await data.admin.reports.page();
    setMore(page.more);
    return rowsOf([...page.reports].sort(compareReports));
  }, [data, rowsOf]);
  const list = useAdminList(load);
  const shown = useRef<ReportRow[]>([]);
  shown.current = list.items;
  const showMore = async () => {
    setLoadingMore(true);
    try {
      const page = await data.admin.reports.page(shown.current.map((r) => r.report));
      const rows = await rowsOf(page.reports);
      list.patch((items) => [...items, ...rows.filter((r) => !items.some((i) => i.report.id === r.report.id))]);
      setMore(page.more);
    } catch {
      toast.error(REPORT_TEXTS.moreFailed);
    } finally {
      setLoadingMore(false);
    }
  };
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!pending) return;
    const { kind, row } = pending;
    setBusy(true);
    try {
      if (kind === 'resolve') {
        await data.admin.reports.remove(row.report.id);
        list.patch((rows) => rows.filter((r) => r.report.id !== row.report.id));
        toast.success(REPORT_TEXTS.resolved);
      } else {
        await data.publicMessages.adminDelete(row.report.message_id);
        setDeleted((all) => new Set(all).add(row.report.message_id));
        toast.success(REPORT_TEXTS.messageDeleted);
      }
    } catch {
      toast.error(kind === 'resolve' ? REPORT_TEXTS.resolveFailed : REPORT_TEXTS.deleteFailed);
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  let body;
  if (list.loading && list.items.length === 0) {
    body = <AdminListLoading />;
  } else if (list.failed) {
    body = <AdminLoadError message={REPORT_TEXTS.loadFailed} onRetry={() => void list.reload()} />;
  } else if (list.items.length === 0) {
    body = (
      <p className="list-status" role="status">
        {REPORT_TEXTS.empty}
      </p>
    );
  } else {
    body = (
      <ul className="reports__list" aria-label={REPORT_TEXTS.listLabel}>
        {list.items.map((row) => (
          <ReportItem key={row.report.id} row={row} action={messageAction(row.report, deleted)} onResolve={() => setPending({ kind: 'resolve', row })} onDelete={() => setPending({ kind: 'delete', row })} />
        ))}
      </ul>
    );
    if (more) {
      body = (
        <>
          {body}
          <p className="reports__more">
            <Button variant="secondary" onClick={() => void showMore()} disabled={loadingMore}>
              {loadingMore ? <Spinner label="Loading..." /> : REPORT_TEXTS.showMore}
            </Button>
          </p>
        </>
      );
    }
  }

  return (
    <section className="page admin-page reports" aria-labelledby={headingId}>
      <header className="admin-page__header">
        <h1 id={headingId}>{REPORT_TEXTS.heading}</h1>
      </header>
      {body}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'delete' ? REPORT_TEXTS.deleteTitle : REPORT_TEXTS.resolveTitle}
        message={pending?.kind === 'delete' ? REPORT_TEXTS.deleteQuestion : REPORT_TEXTS.resolveQuestion}
        confirmLabel={pending?.kind === 'delete' ? REPORT_TEXTS.deleteMessage : REPORT_TEXTS.resolve}
        tone={pending?.kind === 'delete' ? 'danger' : 'default'}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}

interface ReportItemProps {
  row: ReportRow;
  action: ReturnType<typeof messageAction>;
  onResolve(): void;
  onDelete(): void;
}

function ReportItem({ row, action, onResolve, onDelete }: ReportItemProps) {
  const { report } = row;
  const titleId = `report-${report.id}`;
  return (
    <li className="admin-panel reports__row" aria-labelledby={titleId} data-testid="report-row">
      <h2 id={titleId} className="reports__title">
        {report.reason}: reported by {row.reporter}
      </h2>
      <blockquote className="reports__message">
        <p>{report.message_content}</p>
        <footer>
          Sent by {row.sender} · {report.message_is_public ? 'Public Chat' : 'Private message'}
        </footer>
      </blockquote>
      <dl className="kit__facts">
        <div>
          <dt>Reason</dt>
          <dd>{report.reason}</dd>
        </div>
        <div>
          <dt>Details</dt>
          <dd>{report.details?.trim() || 'None'}</dd>
        </div>
        <div>
          <dt>Reported</dt>
          <dd>
            <time dateTime={report.created_at}>{formatDateTime(report.created_at)}</time>
          </dd>
        </div>
      </dl>
      {action === 'private' && <p className="reports__note">{REPORT_TEXTS.privateNote}</p>}
      {action === 'deleted' && (
        <p className="reports__note" role="status">
          {REPORT_TEXTS.deletedNote}
        </p>
      )}
      <div className="admin-actions">
        {action === 'delete' && (
          <Button variant="danger" onClick={onDelete} aria-describedby={titleId}>
            {REPORT_TEXTS.deleteMessage}
          </Button>
        )}
        <Button variant="secondary" onClick={onResolve} aria-describedby={titleId}>
          {REPORT_TEXTS.resolve}
        </Button>
      </div>
    </li>
  );
}
