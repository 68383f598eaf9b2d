// Manage Receipts (/admin/receipts): Add New reveals the add form; a search over title,
// description and receipt number; each row switches between its view and its edit form; delete
// asks first. Drafts live here, so hiding the add form, a failed save or the connection dropping
// loses nothing the admin typed. A saved receipt reaches its member through the receipts mirror.
import { useId, useMemo, useState } from 'react';
import { useDocumentTitle } from '../../components/catalog/index.ts';
import { Button, ConfirmDialog, FormError, Spinner, TextField, useToast } from '../../components/ui/index.ts';
import { useDataLayer } from '../../data/react.ts';
import { ReceiptNumberTakenError } from '../../data/repos/admin-receipts.ts';
import type { AdminReceipt, ReceiptInput, ReceiptPerson } from '../../data/repos/admin-receipts.ts';
import { AdminOnly } from '../admin/admin-only.tsx';
import { ReceiptFields } from './receipt-fields.tsx';
import { ReceiptRow } from './receipt-row.tsx';
import { RECEIPT_TEXTS, newReceiptDraft, receiptDraftOf, searchReceipts } from './receipt-rules.ts';
import type { ReceiptDraft } from './receipt-rules.ts';
import { useAdminReceipts } from './use-admin-receipts.ts';
import { useReceiptSubmit } from './use-receipt-submit.ts';
import type { SaveOutcome } from './use-receipt-submit.ts';
import '../admin-packages/admin-packages.css';
import './admin-receipts.css';

export function ManageReceiptsScreen() {
  return (
    <AdminOnly>
      <ManageReceipts />
    </AdminOnly>
  );
}

function ManageReceipts() {
  useDocumentTitle(RECEIPT_TEXTS.heading);
  const data = useDataLayer();
  const repo = data.admin.receipts;
  const toast = useToast();
  const list = useAdminReceipts();
  const { items } = list;
  const headingId = useId();
  const addPanelId = useId();

  const [query, setQuery] = useState('');
  const [adding, setAdding] = useState(false);
  const [addDraft, setAddDraft] = useState<ReceiptDraft | null>(null);
  const [edits, setEdits] = useState<Record<string, ReceiptDraft>>({});
  const [deleting, setDeleting] = useState<AdminReceipt | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const shown = useMemo(() => searchReceipts(items, query), [items, query]);

  const toggleAdd = () => {
    if (!adding && addDraft === null) setAddDraft(newReceiptDraft(new Date()));
    setAdding(!adding);
  };

  const add = async (input: ReceiptInput): Promise<SaveOutcome> => {
    try {
      const saved = await repo.add(input);
      list.patch((current) => [saved, ...current]);
      toast.success(RECEIPT_TEXTS.added);
      setAddDraft(newReceiptDraft(new Date()));
      setAdding(false);
      void list.reload(true);
      return 'saved';
    } catch (err) {
      if (err instanceof ReceiptNumberTakenError) {
        // Another admin took it meanwhile (or it was typed): offer a fresh one, keep the rest.
        const fresh = await repo.unusedNumber().catch(() => '');
        setAddDraft((d) => (d ? { ...d, receipt_number: fresh } : d));
        return { formMessage: RECEIPT_TEXTS.numberTaken };
      }
      toast.error(RECEIPT_TEXTS.addFailed);
      return 'failed';
    }
  };

  const setEdit = (id: string, draft: ReceiptDraft | null) =>
    setEdits((all) => {
      const next = { ...all };
      if (draft) next[id] = draft;
      else delete next[id];
      return next;
    });

  const save = async (item: AdminReceipt, input: ReceiptInput): Promise<SaveOutcome> => {
    try {
      const saved = await repo.update(item, input);
      list.patch((current) => current.map((i) => (i.id === saved.id ? saved : i)));
      setEdit(item.id, null);
      toast.success(RECEIPT_TEXTS.updated);
      void list.reload(true);
      return 'saved';
    } catch {
      toast.error(RECEIPT_TEXTS.updateFailed);
      // Someone else may have saved meanwhile: the next try goes over the newest version.
      void list.reload(true);
      return 'failed';
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      await repo.remove(deleting);
      const gone = deleting.id;
      list.patch((current) => current.filter((i) => i.id !== gone));
      setEdit(gone, null);
      toast.success(RECEIPT_TEXTS.deleted);
      void list.reload(true);
    } catch {
      toast.error(RECEIPT_TEXTS.deleteFailed);
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
        <p>{RECEIPT_TEXTS.loadFailed}</p>
        <div>
          <Button variant="secondary" onClick={() => void list.reload()}>
            Try again
          </Button>
        </div>
      </div>
    );
  } else if (shown.length === 0) {
    body = (
      <p className="list-status" role="status">
        {items.length === 0 ? RECEIPT_TEXTS.empty : RECEIPT_TEXTS.noMatch}
      </p>
    );
  } else {
    body = (
      <ul className="cat-admin__list" aria-label="Receipts">
        {shown.map((item) => (
          <ReceiptRow
            key={item.id}
            item={item}
            people={list.people}
            peopleById={list.peopleById}
            draft={edits[item.id] ?? null}
            onEdit={() => setEdit(item.id, receiptDraftOf({ ...item, amount_paid: item.amount_paid ?? null }))}
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
    <section className="page admin-page cat-admin receipt-admin" aria-labelledby={headingId}>
      <header className="admin-page__header">
        <h1 id={headingId}>{RECEIPT_TEXTS.heading}</h1>
        <Button onClick={toggleAdd} aria-expanded={adding} aria-controls={addPanelId} disabled={list.failed}>
          Add New
        </Button>
      </header>
      <div id={addPanelId} hidden={!adding}>
        {adding && addDraft && (
          <AddForm draft={addDraft} onChange={setAddDraft} onAdd={add} onCancel={() => setAdding(false)} people={list.people} peopleById={list.peopleById} generate={() => repo.unusedNumber()} />
        )}
      </div>
      {!list.failed && (
        <TextField className="receipt-admin__search" label="Search receipts" type="search" name="receipt_search" placeholder="Title, description or receipt number" value={query} onChange={(e) => setQuery(e.target.value)} />
      )}
      {body}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete receipt"
        message={RECEIPT_TEXTS.deleteQuestion}
        confirmLabel="Delete"
        tone="danger"
        busy={deleteBusy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

function AddForm({
  draft,
  onChange,
  onAdd,
  onCancel,
  people,
  peopleById,
  generate,
}: {
  draft: ReceiptDraft;
  onChange: (d: ReceiptDraft) => void;
  onAdd: (input: ReceiptInput) => Promise<SaveOutcome>;
  onCancel: () => void;
  people: readonly ReceiptPerson[];
  peopleById: ReadonlyMap<string, ReceiptPerson>;
  generate: () => Promise<string>;
}) {
  const toast = useToast();
  const [generating, setGenerating] = useState(false);
  // No number yet on Add: one is generated, as if Generate had been pressed.
  const prepare = async (d: ReceiptDraft): Promise<ReceiptDraft | null> => {
    if (d.receipt_number.trim() !== '') return d;
    try {
      const next = { ...d, receipt_number: await generate() };
      onChange(next);
      return next;
    } catch {
      toast.error(RECEIPT_TEXTS.generateFailed);
      return null;
    }
  };
  const { form, flight, submit } = useReceiptSubmit(draft, onAdd, prepare);
  const titleId = useId();

  const onGenerate = async () => {
    setGenerating(true);
    try {
      const n = await generate();
      onChange({ ...draft, receipt_number: n });
    } catch {
      toast.error(RECEIPT_TEXTS.generateFailed);
    } finally {
      setGenerating(false);
    }
  };

  return (
    <form ref={form.formRef} className="admin-panel cat-admin__form" onSubmit={submit} noValidate aria-labelledby={titleId}>
      <h2 id={titleId}>{RECEIPT_TEXTS.addHeading}</h2>
      <FormError message={form.problems?.message} />
      <ReceiptFields draft={draft} onChange={onChange} problems={form.problems} people={people} peopleById={peopleById} onGenerate={() => void onGenerate()} generating={generating} />
      <div className="admin-actions">
        <Button type="submit" busy={flight.busy}>
          {RECEIPT_TEXTS.addHeading}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={flight.busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
