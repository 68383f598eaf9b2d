// The common pattern of the catalogue admin pages (admin spec, section 2), once: an Add New
// toggle revealing the add form, the search, the list whose rows switch between view and edit
// (Save Changes, Cancel), delete after the spec's question, the Error panel, the empty text and
// the alerts of section 8. A page gives its texts, repository calls, draft rules and two
// components (the fields, a row's view). Drafts live here and on the device (kit-drafts.ts), so
// hiding the add form, a failed save, the connection dropping or a reload loses nothing the
// admin typed. A save over a version another admin
// has replaced meanwhile (409) is a visible conflict, never a silent overwrite: the row keeps
// the admin's values and shows theirs, with 'Keep my changes' and 'Use theirs'.
import { AdminListLoading, AdminLoadError } from '../admin-list-status.tsx';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ComponentType, FormEvent, ReactNode } from 'react';
import { SearchField, useDocumentTitle } from '../../../components/catalog/index.ts';
import { Button, ConfirmDialog, FormError, useToast } from '../../../components/ui/index.ts';
import type { CheckResult, FormProblems } from '../../../components/form/form-validation.ts';
import { useFormProblems } from '../../account/use-form-problems.ts';
import { useSingleFlight } from '../../account/use-single-flight.ts';
import { isConflict } from '../../../data/pouch.ts';
import { useDataLayer } from '../../../data/react.ts';
import { defaultStorage } from '../../../data/storage.ts';
import { KEPT_NOTE, KEPT_WAITING_NOTE, kitDraftsKey, readKitDrafts, restoreKitDrafts, writeKitDrafts } from './kit-drafts.ts';
import type { KitEdit } from './kit-drafts.ts';
import { readKitSnapshot, kitSnapshotKey, writeKitSnapshot } from './kit-snapshot.ts';
import { AdminOnly } from '../admin-only.tsx';
import { conflictGoneMessage, conflictMessage, differingFields } from './conflict-logic.ts';
import { KIT_PAGE_SIZE, deleteQuestion, filterBySearchText, searchTextOf, shownCountText } from './kit-logic.ts';
import type { KitTexts, SearchValue } from './kit-logic.ts';
import { useAdminList } from './use-admin-list.ts';
import { UpdatedLine } from './updated-line.tsx';
import './kit.css';

export interface KitFieldsProps<D> {
  draft: D;
  onChange(next: D): void;
  problems: FormProblems | null;
  /** An image field tells while its upload runs: the form waits for it. */
  onUploading(busy: boolean): void;
}

export interface KitPage<T extends { id: string }, D, I> {
  texts: KitTexts;
  /** For test ids: `{testId}-row`. */
  testId: string;
  /** Where the page's drafts are kept on the device; `testId` unless one kit serves many parents. */
  draftsKey?: string;
  /** Every item, in the page's order (section 7). */
  load(): Promise<T[]>;
  add(input: I): Promise<T>;
  update(item: T, input: I): Promise<T>;
  remove(id: string): Promise<void>;
  newDraft(): D;
  draftOf(item: T): D;
  check(draft: D): CheckResult<I>;
  /** The fields of section 9 searched for this item. */
  searchFields(item: T): readonly SearchValue[];
  /** The list's order, kept after a patch. */
  compare(a: T, b: T): number;
  titleOf(item: T): string;
  Fields: ComponentType<KitFieldsProps<D>>;
  /** A row's view, without its title or buttons. */
  View: ComponentType<{ item: T }>;
  /** Extra buttons of a row's view (the feature toggle). */
  Actions?: ComponentType<{ item: T }>;
  /** A quicker first look at the list (the device's copy), replaced by `load`'s answer. */
  loadFirst?(): Promise<T[]>;
  /** Long lists: the first page as last seen is kept on the device and drawn at once (kit-snapshot.ts). */
  snapshot?: boolean;
  /** The newest stored version (null when deleted), read after a conflict; else from `load`. */
  byId?(id: string): Promise<T | null>;
  /** Names of draft fields in the conflict panel; others are named from the field. */
  fieldLabels?: Readonly<Record<string, string>>;
  /**
   * An add the server refused that the form itself explains (a receipt number already used):
   * the form's message and how the draft changes (a fresh number offered); null for the
   * usual failure alert.
   */
  addRefused?(err: unknown): Promise<{ message: string; change?(draft: D): D } | null>;
}

/** What a form's save answers: taken, failed (the alert said so), or a message for the form. */
type SubmitOutcome = boolean | { message: string };

/** Another admin's version, met on save: `theirs` is null when they deleted it. */
interface Conflict<T> {
  theirs: T | null;
}

export function AdminKitScreen<T extends { id: string }, D, I>({ page }: { page: KitPage<T, D, I> }) {
  return (
    <AdminOnly>
      <AdminKit page={page} />
    </AdminOnly>
  );
}

/**
 * The kit without its gate: `embedded` puts it inside a page of several sections (Home Page),
 * one heading level down, the page keeping its own title.
 */
export function AdminKit<T extends { id: string }, D, I>({ page, embedded = false }: { page: KitPage<T, D, I>; embedded?: boolean }) {
  const { texts } = page;
  useDocumentTitle(embedded ? null : texts.heading);
  const H = embedded ? 'h2' : 'h1';
  const sub = embedded ? 'h3' : 'h2';
  const toast = useToast();
  const load = useCallback(() => page.load().then((all) => all.sort(page.compare)), [page]);
  const loadFirst = useMemo(() => (page.loadFirst ? () => page.loadFirst!().then((all) => all.sort(page.compare)) : undefined), [page]);
  const prefix = useDataLayer().memberKey('') ?? undefined;
  const storage = useMemo(defaultStorage, []);
  const snapshotKey = page.snapshot ? kitSnapshotKey(page.draftsKey ?? page.testId, prefix) : null;
  const [saved] = useState(() => (snapshotKey ? readKitSnapshot<T>(storage, snapshotKey) : null));
  const list = useAdminList(load, loadFirst, saved?.items);
  // The server's list, once it answers: its first page is what the next visit shows at once.
  useEffect(() => {
    if (snapshotKey && list.fresh) writeKitSnapshot(storage, snapshotKey, list.items, KIT_PAGE_SIZE);
  }, [storage, snapshotKey, list.fresh, list.items]);
  const headingId = useId();
  const addPanelId = useId();

  const draftsKey = kitDraftsKey(page.draftsKey ?? page.testId, prefix);
  const [restored] = useState(() => restoreKitDrafts<D, T>(readKitDrafts(storage, draftsKey), page.newDraft, page.draftOf));
  const [adding, setAdding] = useState(restored.adding && restored.add !== null);
  const [addDraft, setAddDraft] = useState<D | null>(restored.add);
  const [addKept, setAddKept] = useState(restored.add !== null);
  const [edits, setEdits] = useState<Record<string, KitEdit<D, T>>>(restored.edits);
  const [conflicts, setConflicts] = useState<Record<string, Conflict<T>>>({});
  const [deleting, setDeleting] = useState<T | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState(KIT_PAGE_SIZE);

  // Lower-cased once per load, not once per item per keystroke; only a page of rows is drawn.
  const searchTexts = useMemo(() => list.items.map((i) => searchTextOf(page.searchFields(i))), [list.items, page]);
  const matches = useMemo(() => filterBySearchText(list.items, searchTexts, query), [list.items, searchTexts, query]);
  // Rows in edit mode past the page stay on screen: a kept edit is never hidden by 'Show more'.
  const shown = useMemo(() => (matches.length > limit ? [...matches.slice(0, limit), ...matches.slice(limit).filter((i) => edits[i.id])] : matches), [matches, limit, edits]);
  // Kept edits of items the server no longer has (deleted while the admin was away): shown with
  // the deleted-meanwhile panel, so the admin decides; never dropped unseen.
  const orphans = useMemo(() => {
    if (!list.fresh) return [];
    const ids = new Set(list.items.map((i) => i.id));
    return Object.values(edits).filter((e) => !ids.has(e.base.id));
  }, [list.fresh, list.items, edits]);
  const search = (q: string) => {
    setQuery(q);
    setLimit(KIT_PAGE_SIZE);
  };

  useEffect(() => {
    writeKitDrafts(storage, draftsKey, { adding, add: addDraft, edits }, page.newDraft());
  }, [storage, draftsKey, adding, addDraft, edits, page]);

  const toggleAdd = () => {
    if (!adding && addDraft === null) setAddDraft(page.newDraft());
    setAdding(!adding);
  };

  const add = async (input: I): Promise<SubmitOutcome> => {
    try {
      const saved = await page.add(input);
      list.patch((current) => [...current, saved].sort(page.compare));
      toast.success(texts.added);
      setAddDraft(page.newDraft());
      setAddKept(false);
      setAdding(false);
      void list.reload(true);
      return true;
    } catch (err) {
      setAddKept(true);
      const refused = page.addRefused ? await page.addRefused(err).catch(() => null) : null;
      if (refused) {
        const { change } = refused;
        if (change) setAddDraft((d) => (d === null ? d : change(d)));
        return { message: refused.message };
      }
      toast.error(texts.addFailed);
      return false;
    }
  };

  const setConflict = (id: string, conflict: Conflict<T> | null) =>
    setConflicts((all) => {
      const next = { ...all };
      if (conflict) next[id] = conflict;
      else delete next[id];
      return next;
    });

  const changeEdit = (id: string, change: (edit: KitEdit<D, T>) => KitEdit<D, T>) =>
    setEdits((all) => (all[id] ? { ...all, [id]: change(all[id]) } : all));
  const startEdit = (item: T) => setEdits((all) => ({ ...all, [item.id]: { draft: page.draftOf(item), base: item } }));
  // Leaving edit mode (saved, cancelled, Use theirs) ends any conflict of the row.
  const endEdit = (id: string) => {
    setEdits((all) => {
      const next = { ...all };
      delete next[id];
      return next;
    });
    setConflict(id, null);
  };

  const newest = (id: string): Promise<T | null> => (page.byId ? page.byId(id) : page.load().then((all) => all.find((i) => i.id === id) ?? null));

  /** Shows their version in the row (the next save goes over it) and the conflict panel. */
  const meetConflict = async (item: T): Promise<boolean> => {
    try {
      const theirs = await newest(item.id);
      if (theirs) {
        list.patch((current) => current.map((i) => (i.id === theirs.id ? theirs : i)).sort(page.compare));
        // 'Keep my changes' saves over the version now shown, not the one the edit began from.
        changeEdit(item.id, (e) => ({ ...e, base: theirs }));
      }
      setConflict(item.id, { theirs });
      return true;
    } catch {
      return false;
    }
  };

  const takeTheirs = (item: T) => {
    const conflict = conflicts[item.id];
    if (conflict && conflict.theirs === null) list.patch((current) => current.filter((i) => i.id !== item.id));
    endEdit(item.id);
  };

  /** Over the version the edit began from (kept across a reload): a newer one is a conflict. */
  const save = async (item: T, input: I): Promise<boolean> => {
    const base = edits[item.id]?.base ?? item;
    try {
      const saved = await page.update(base, input);
      list.patch((current) => current.map((i) => (i.id === saved.id ? saved : i)).sort(page.compare));
      endEdit(item.id);
      toast.success(texts.updated);
      void list.reload(true);
      return true;
    } catch (err) {
      if (isConflict(err) && (await meetConflict(item))) return false;
      toast.error(texts.updateFailed);
      changeEdit(item.id, (e) => ({ ...e, kept: true }));
      // Someone else may have saved meanwhile: the next try goes over the newest version.
      void list.reload(true);
      return false;
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    const gone = deleting.id;
    try {
      await page.remove(gone);
      list.patch((current) => current.filter((i) => i.id !== gone));
      endEdit(gone);
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
  if (list.loading && list.items.length === 0) {
    body = <AdminListLoading />;
  } else if (list.failed) {
    body = (
      <AdminLoadError message={texts.loadFailed} onRetry={() => void list.reload()}>
        {(addKept || Object.keys(edits).length > 0) && <p data-testid="kit-kept-waiting">{KEPT_WAITING_NOTE}</p>}
      </AdminLoadError>
    );
  } else if (matches.length === 0) {
    body = (
      <p className="list-status" role="status">
        {list.items.length > 0 && query.trim() !== '' && texts.noMatch ? texts.noMatch : texts.empty}
      </p>
    );
  } else {
    body = (
      <>
      <p className="kit__count" aria-live="polite" data-testid="kit-count">
        {shownCountText(shown.length, list.partial && saved && query.trim() === '' ? Math.max(saved.total, matches.length) : matches.length, texts)}
      </p>
      <ul className="kit__list" aria-label={texts.listLabel}>
        {shown.map((item) => (
          <KitRow
            key={item.id}
            page={page}
            level={sub}
            item={item}
            draft={edits[item.id]?.draft ?? null}
            kept={edits[item.id]?.kept ?? false}
            conflict={conflicts[item.id] ?? null}
            onUseTheirs={() => takeTheirs(item)}
            onEdit={() => startEdit(item)}
            onDraftChange={(d) => changeEdit(item.id, (e) => ({ ...e, draft: d }))}
            onCancel={() => endEdit(item.id)}
            onSave={(input) => save(item, input)}
            onDelete={() => setDeleting(item)}
          />
        ))}
      </ul>
      {shown.length < matches.length && (
        <div className="kit__more">
          <Button variant="secondary" onClick={() => setLimit((n) => n + KIT_PAGE_SIZE)}>
            Show more
          </Button>
        </div>
      )}
      </>
    );
  }

  return (
    <section className={embedded ? 'admin-page kit' : 'page admin-page kit'} aria-labelledby={headingId}>
      <header className="admin-page__header">
        <H id={headingId}>{texts.heading}</H>
        <Button onClick={toggleAdd} aria-expanded={adding} aria-controls={addPanelId} disabled={list.failed}>
          Add New
        </Button>
      </header>
      <div id={addPanelId} hidden={!adding}>
        {adding && addDraft !== null && (
          <KitForm
            page={page}
            level={sub}
            heading={texts.addHeading}
            submitLabel={texts.addHeading}
            draft={addDraft}
            kept={addKept}
            onChange={(d: D) => setAddDraft(() => d)}
            onSubmit={add}
            onCancel={() => setAdding(false)}
            panel
          />
        )}
      </div>
      {!list.failed && <SearchField label={texts.searchLabel} placeholder={`${texts.searchLabel}...`} value={query} onChange={search} />}
      {orphans.length > 0 && (
        <ul className="kit__list" aria-label={`${texts.listLabel}: deleted while you were editing`}>
          {orphans.map(({ base, draft }) => (
            <KitRow
              key={base.id}
              page={page}
              level={sub}
              item={base}
              draft={draft}
              kept
              conflict={{ theirs: null }}
              onUseTheirs={() => endEdit(base.id)}
              onEdit={() => undefined}
              onDraftChange={(d) => changeEdit(base.id, (e) => ({ ...e, draft: d }))}
              onCancel={() => endEdit(base.id)}
              onSave={(input) => save(base, input)}
              onDelete={() => undefined}
            />
          ))}
        </ul>
      )}
      {body}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${texts.thing}`}
        message={deleteQuestion(texts.thing)}
        confirmLabel="Delete"
        tone="danger"
        busy={deleteBusy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

type SubHeading = 'h2' | 'h3';

interface KitRowProps<T extends { id: string }, D, I> {
  page: KitPage<T, D, I>;
  level: SubHeading;
  item: T;
  /** Set while the row is in edit mode. */
  draft: D | null;
  /** The draft is kept on the device, not yet on the server. */
  kept: boolean;
  conflict: Conflict<T> | null;
  onUseTheirs(): void;
  onEdit(): void;
  onDraftChange(next: D): void;
  onCancel(): void;
  onSave(input: I): Promise<boolean>;
  onDelete(): void;
}

function KitRow<T extends { id: string }, D, I>(props: KitRowProps<T, D, I>) {
  const { page, item, draft, level: Title, conflict } = props;
  const titleId = `${page.testId}-row-${item.id}`;
  const title = page.titleOf(item);
  return (
    <li className="admin-panel kit__row" aria-labelledby={titleId} data-testid={`${page.testId}-row`}>
      {draft !== null ? (
        <KitForm
          page={page}
          level={Title}
          heading={`Editing ${title}`}
          headingId={titleId}
          submitLabel="Save Changes"
          draft={draft}
          kept={props.kept}
          onChange={props.onDraftChange}
          onSubmit={props.onSave}
          onCancel={props.onCancel}
          conflict={conflict ? <ConflictPanel page={page} draft={draft} theirs={conflict.theirs} onUseTheirs={props.onUseTheirs} /> : null}
        />
      ) : (
        <>
          <div className="kit__row-head">
            <Title id={titleId} className="kit__row-title">
              {title}
            </Title>
            {page.Actions && <page.Actions item={item} />}
          </div>
          <page.View item={item} />
          <UpdatedLine doc={item} />
          <div className="admin-actions">
            <Button variant="secondary" onClick={props.onEdit} aria-describedby={titleId}>
              Edit
            </Button>
            <Button variant="danger" onClick={props.onDelete} aria-describedby={titleId}>
              Delete
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

interface KitFormProps<T extends { id: string }, D, I> {
  page: KitPage<T, D, I>;
  level: SubHeading;
  heading: string;
  headingId?: string;
  submitLabel: string;
  draft: D;
  kept?: boolean;
  onChange(next: D): void;
  /** Resolves true when the server took it. */
  onSubmit(input: I): Promise<SubmitOutcome>;
  onCancel(): void;
  panel?: boolean;
  /** The conflict panel, shown above the fields. */
  conflict?: ReactNode;
}

/** The add form and a row's edit form: the spec's messages, focus on the first field at fault. */
function KitForm<T extends { id: string }, D, I>({ page, level: Title, heading, headingId, submitLabel, draft, kept = false, onChange, onSubmit, onCancel, panel = false, conflict = null }: KitFormProps<T, D, I>) {
  const form = useFormProblems();
  const flight = useSingleFlight();
  const [uploading, setUploading] = useState(false);
  const autoId = useId();
  const titleId = headingId ?? autoId;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (flight.running() || uploading) return;
    const checked = page.check(draft);
    if (!checked.ok) return form.fail(checked);
    form.clear();
    void flight.run(async () => {
      const outcome = await onSubmit(checked.data);
      if (typeof outcome === 'object') form.failWith(outcome.message);
    });
  };

  return (
    <form ref={form.formRef} className={['kit__form', panel ? 'admin-panel' : ''].filter(Boolean).join(' ')} onSubmit={submit} noValidate aria-labelledby={titleId}>
      <Title id={titleId} className="kit__row-title">
        {heading}
      </Title>
      <FormError message={form.problems?.message} />
      {kept && (
        <p className="kit__kept" data-testid="kit-kept">
          {KEPT_NOTE}
        </p>
      )}
      {conflict}
      <div className="kit__fields">
        <page.Fields draft={draft} onChange={onChange} problems={form.problems} onUploading={setUploading} />
      </div>
      <div className="admin-actions">
        <Button type="submit" busy={flight.busy} disabled={uploading}>
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={flight.busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

interface ConflictPanelProps<T extends { id: string }, D, I> {
  page: KitPage<T, D, I>;
  draft: D;
  theirs: T | null;
  onUseTheirs(): void;
}

/**
 * What another admin saved meanwhile: the fields where their version differs from the admin's
 * draft, with 'Keep my changes' (this form's submit: saves the draft over their version) and
 * 'Use theirs'. Focus comes here so a keyboard or screen reader user meets it first.
 */
function ConflictPanel<T extends { id: string }, D, I>({ page, draft, theirs, onUseTheirs }: ConflictPanelProps<T, D, I>) {
  const ref = useRef<HTMLDivElement>(null);
  const headingId = useId();
  useEffect(() => ref.current?.focus(), [theirs]);
  const differences = theirs ? differingFields(draft as object, page.draftOf(theirs) as object, page.fieldLabels) : [];
  return (
    <div ref={ref} className="kit-conflict" role="alert" tabIndex={-1} aria-labelledby={headingId} data-testid="conflict">
      <h3 id={headingId} className="kit-conflict__title">
        {theirs ? conflictMessage(page.texts.thing) : conflictGoneMessage(page.texts.thing)}
      </h3>
      {theirs && differences.length > 0 && (
        <>
          <p>Their version differs from yours here:</p>
          <table className="kit-conflict__table">
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Theirs</th>
                <th scope="col">Yours</th>
              </tr>
            </thead>
            <tbody>
              {differences.map((d) => (
                <tr key={d.field}>
                  <th scope="row">{d.label}</th>
                  <td>{d.theirs}</td>
                  <td>{d.mine}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      {theirs && differences.length === 0 && <p>Their version has the same values as yours.</p>}
      <div className="admin-actions">
        {theirs && <Button type="submit">Keep my changes</Button>}
        <Button variant="secondary" onClick={onUseTheirs}>
          {theirs ? 'Use theirs' : 'Discard my changes'}
        </Button>
      </div>
    </div>
  );
}
