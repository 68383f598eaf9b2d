// Manage Packages (/admin/packages) and Manage Ride Packages (/admin/rides): one screen for both,
// told apart by `kind`. Add New reveals the add form; each row switches between its view and its
// edit form; delete asks first. Drafts live here, so hiding the add form, a failed save or the
// connection dropping loses nothing the admin typed.
import { useId, useState } from 'react';
import { useDocumentTitle } from '../../components/catalog/index.ts';
import { Button, ConfirmDialog, FormError, Spinner, useToast } from '../../components/ui/index.ts';
import type { CatalogueInput } from '../../data/repos/admin-packages.ts';
import { AdminOnly } from '../admin/admin-only.tsx';
import { useDraftSubmit } from './use-draft-submit.ts';
import { ADMIN_CATALOGUE_TEXTS, deleteQuestion, draftOf, newDraft } from './catalogue-admin-rules.ts';
import type { CatalogueDraft, CatalogueKind } from './catalogue-admin-rules.ts';
import { CatalogueFields } from './catalogue-fields.tsx';
import { CatalogueRow } from './catalogue-row.tsx';
import { useAdminCatalogue } from './use-admin-catalogue.ts';
import type { CatalogueItem } from './catalogue-repo.ts';
import './admin-packages.css';

export function CatalogueAdminScreen({ kind }: { kind: CatalogueKind }) {
  return (
    <AdminOnly>
      {/* A new page state per kind: moving from one page to the other must not carry drafts over. */}
      <CatalogueAdmin key={kind} kind={kind} />
    </AdminOnly>
  );
}

function CatalogueAdmin({ kind }: { kind: CatalogueKind }) {
  const texts = ADMIN_CATALOGUE_TEXTS[kind];
  useDocumentTitle(texts.heading);
  const toast = useToast();
  const list = useAdminCatalogue(kind);
  const { repo, items } = list;
  const headingId = useId();
  const addPanelId = useId();

  const [adding, setAdding] = useState(false);
  const [addDraft, setAddDraft] = useState<CatalogueDraft | null>(null);
  const [edits, setEdits] = useState<Record<string, CatalogueDraft>>({});
  const [deleting, setDeleting] = useState<CatalogueItem | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);

  const toggleAdd = () => {
    // The first opening takes the defaults, counted once the list is known.
    if (!adding && addDraft === null) setAddDraft(newDraft(kind, items.length));
    setAdding(!adding);
  };

  const add = async (input: CatalogueInput): Promise<boolean> => {
    try {
      const saved = await repo.add(input);
      const count = items.length + 1;
      list.patch((current) => [...current, saved]);
      toast.success(texts.added);
      setAddDraft(newDraft(kind, count, true));
      setAdding(false);
      void list.reload(true);
      return true;
    } catch {
      toast.error(texts.addFailed);
      return false;
    }
  };

  const setEdit = (id: string, draft: CatalogueDraft | null) =>
    setEdits((all) => {
      const next = { ...all };
      if (draft) next[id] = draft;
      else delete next[id];
      return next;
    });

  const save = async (item: CatalogueItem, input: CatalogueInput): Promise<boolean> => {
    try {
      const saved = await repo.update(item, input);
      list.patch((current) => current.map((i) => (i.id === saved.id ? saved : i)));
      setEdit(item.id, null);
      toast.success(texts.updated);
      void list.reload(true);
      return true;
    } catch {
      toast.error(texts.updateFailed);
      // Someone else may have saved meanwhile: the next try goes over the newest version.
      void list.reload(true);
      return false;
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      await repo.remove(deleting.id);
      const gone = deleting.id;
      list.patch((current) => current.filter((i) => i.id !== gone));
      setEdit(gone, null);
      toast.success(texts.deleted);
      void list.reload(true);
    } catch {
      toast.error(texts.deleteFailed);
    } finally {
      setDeleteBusy(false);
      setDeleting(null);
    }
  };

  let body;
  if (list.loading && items.length === 0) {
    body = (
      <div className="list-status" role="status">
        <Spinner size="sm" />
        <p>Loading...</p>
      </div>
    );
  } else if (list.failed) {
    body = (
      <div className="admin-panel" role="alert" data-testid="load-error">
        <h2>Error</h2>
        <p>{texts.loadFailed}</p>
        <div>
          <Button variant="secondary" onClick={() => void list.reload()}>
            Try again
          </Button>
        </div>
      </div>
    );
  } else if (items.length === 0) {
    body = (
      <p className="list-status" role="status">
        {texts.empty}
      </p>
    );
  } else {
    body = (
      <ul className="cat-admin__list" aria-label={texts.listLabel}>
        {items.map((item) => (
          <CatalogueRow
            key={item.id}
            kind={kind}
            item={item}
            hasForm={list.withForms.has(item.id)}
            draft={edits[item.id] ?? null}
            onEdit={() => setEdit(item.id, draftOf(item))}
            onDraftChange={(d) => setEdit(item.id, d)}
            onCancel={() => setEdit(item.id, null)}
            onSave={(input) => save(item, input)}
            onDelete={() => setDeleting(item)}
          />
        ))}
      </ul>
    );
  }

  return (
    <section className="page admin-page cat-admin" aria-labelledby={headingId}>
      <header className="admin-page__header">
        <h1 id={headingId}>{texts.heading}</h1>
        <Button onClick={toggleAdd} aria-expanded={adding} aria-controls={addPanelId} disabled={list.failed}>
          Add New
        </Button>
      </header>
      <div id={addPanelId} hidden={!adding}>
        {adding && addDraft && <AddForm kind={kind} draft={addDraft} onChange={setAddDraft} onAdd={add} onCancel={() => setAdding(false)} />}
      </div>
      {body}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${texts.thing}`}
        message={deleteQuestion(kind)}
        confirmLabel="Delete"
        tone="danger"
        busy={deleteBusy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

function AddForm({ kind, draft, onChange, onAdd, onCancel }: { kind: CatalogueKind; draft: CatalogueDraft; onChange: (d: CatalogueDraft) => void; onAdd: (input: CatalogueInput) => Promise<boolean>; onCancel: () => void }) {
  const texts = ADMIN_CATALOGUE_TEXTS[kind];
  const { form, flight, submit } = useDraftSubmit(kind, draft, onAdd);
  const titleId = useId();

  return (
    <form ref={form.formRef} className="admin-panel cat-admin__form" onSubmit={submit} noValidate aria-labelledby={titleId}>
      <h2 id={titleId}>{texts.addHeading}</h2>
      <FormError message={form.problems?.message} />
      <CatalogueFields kind={kind} draft={draft} onChange={onChange} problems={form.problems} />
      <div className="admin-actions">
        <Button type="submit" busy={flight.busy}>
          {texts.addHeading}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={flight.busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
