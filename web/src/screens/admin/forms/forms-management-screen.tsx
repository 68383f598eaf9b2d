// Forms Management (/admin/forms): every custom form, searchable and filtered by type, with its
// submissions, its builder and a delete that takes the submissions with it (admin spec).
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, ConfirmDialog, SelectField, Spinner, TextField, useToast } from '../../../components/ui/index.ts';
import { useQuery } from '../../../data/hooks/use-query.ts';
import { useDataLayer } from '../../../data/react.ts';
import type { AdminForm } from '../../../data/repos/admin-forms.ts';
import { formatLongDate } from '../../../lib/dates.ts';
import { AdminOnly } from '../admin-only.tsx';
import { UpdatedLine } from '../kit/updated-line.tsx';
import { FORM_TYPE_FILTERS, filterForms, formTypeLabel } from './forms-logic.ts';
import type { FormTypeFilter } from './forms-logic.ts';
import './admin-forms.css';

export const DELETE_FORM_CONFIRM = 'Are you sure you want to delete this form? All submissions will also be deleted.';

export function FormsManagementScreen() {
  return (
    <AdminOnly>
      <FormsManagement />
    </AdminOnly>
  );
}

const NO_FORMS: readonly AdminForm[] = [];

function FormsManagement() {
  const data = useDataLayer();
  const toast = useToast();
  const read = useQuery(() => data.admin.forms.list(), [data]);
  const [query, setQuery] = useState('');
  const [type, setType] = useState<FormTypeFilter>('all');
  const [pending, setPending] = useState<AdminForm | null>(null);
  const [deleting, setDeleting] = useState(false);

  const forms = read.data ?? NO_FORMS;
  const shown = useMemo(() => filterForms(forms, query, type), [forms, query, type]);

  async function confirmDelete() {
    if (!pending) return;
    setDeleting(true);
    try {
      await data.admin.forms.remove(pending);
      read.set((list) => list?.filter((f) => f._id !== pending._id));
      setPending(null);
    } catch {
      toast.error('Failed to delete form');
      setPending(null);
    } finally {
      setDeleting(false);
    }
  }

  let body;
  if (read.data === undefined && read.loading) {
    body = (
      <div className="list-status" role="status">
        <Spinner size="sm" />
        <p>Loading...</p>
      </div>
    );
  } else if (read.data === undefined) {
    body = (
      <div className="admin-panel admin-error" role="alert">
        <h2>Error</h2>
        <p>Failed to load forms. Please try again later.</p>
      </div>
    );
  } else if (forms.length === 0) {
    body = (
      <div className="admin-panel forms-empty">
        <p>No forms created yet.</p>
        <CreateButtons />
      </div>
    );
  } else if (shown.length === 0) {
    body = (
      <div className="admin-panel forms-empty">
        <p role="status">No forms match your search criteria.</p>
        <CreateButtons />
      </div>
    );
  } else {
    body = (
      <div className="admin-table-wrap">
        <table className="admin-table forms-table">
          <caption className="visually-hidden">Custom forms, newest updated first</caption>
          <thead>
            <tr>
              <th scope="col">Form Title</th>
              <th scope="col">Type</th>
              <th scope="col">Status</th>
              <th scope="col">Last Updated</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((form) => (
              <tr key={form._id} data-testid="form-row">
                <th scope="row" className="forms-table__title">
                  {form.title}
                  {form.description && <span className="forms-table__description">{form.description}</span>}
                </th>
                <td data-label="Type">{formTypeLabel(form.formtype)}</td>
                <td data-label="Status">
                  <span className={`admin-badge admin-badge--${form.active ? 'success' : 'muted'}`}>{form.active ? 'Active' : 'Inactive'}</span>
                </td>
                <td data-label="Last Updated">
                  {formatLongDate(form.updatedat)}
                  <UpdatedLine doc={form} nameOnly />
                </td>
                <td>
                  <div className="admin-actions">
                    <Link className="btn btn--secondary btn--small" to={`/admin/forms/${encodeURIComponent(form.id)}/submissions`}>
                      View Submissions
                    </Link>
                    <Link className="btn btn--secondary btn--small" to={`/admin/forms/${form.formtype}/${encodeURIComponent(form.targetid)}/edit`}>
                      Edit Form
                    </Link>
                    <Button variant="danger" className="btn--small" onClick={() => setPending(form)} aria-label={`Delete Form ${form.title}`}>
                      Delete Form
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section className="page admin-page" aria-labelledby="forms-management-title">
      <header className="admin-page__header">
        <h1 id="forms-management-title">Forms Management</h1>
        <nav className="admin-actions" aria-label="Packages and rides">
          <Link className="btn btn--secondary" to="/admin/packages">
            Manage Packages
          </Link>
          <Link className="btn btn--secondary" to="/admin/rides">
            Manage Rides
          </Link>
        </nav>
      </header>
      <div className="forms-toolbar" role="search">
        <TextField label="Search forms" type="search" placeholder="Search forms..." value={query} onChange={(e) => setQuery(e.target.value)} />
        <SelectField label="Type" options={FORM_TYPE_FILTERS} value={type} onChange={(e) => setType(e.target.value as FormTypeFilter)} />
      </div>
      {body}
      <ConfirmDialog
        open={pending !== null}
        title="Delete Form"
        message={DELETE_FORM_CONFIRM}
        confirmLabel="Delete Form"
        tone="danger"
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}

/** A form belongs to a package or a ride: the admin picks which on their own pages. */
function CreateButtons() {
  return (
    <div className="admin-actions">
      <Link className="btn btn--primary" to="/admin/packages">
        Create Package Form
      </Link>
      <Link className="btn btn--primary" to="/admin/rides">
        Create Ride Form
      </Link>
    </div>
  );
}
